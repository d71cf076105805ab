// The spec's GraphQL worked example (§4.5), answered by mocklib and called with
// plain fetch and with graphql-request; then the same API from a mock schema.
import { executeGraphQL, graphql, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { GraphQLClient } from 'graphql-request'

const API = 'https://api.example.test/graphql'
const posts = new Map([['1', { id: '1', title: 'Hello, world' }]])
let nextId = 2

const server = setupServer(
  graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: [...posts.values()] } })),
  graphql.mutation('CreatePost', ({ variables }) => {
    const post = { id: String(nextId++), ...variables.post }
    posts.set(post.id, post)
    return HttpResponse.json({ data: { createPost: { id: post.id } } })
  }),
  graphql.mutation('DeletePost', ({ variables }) => {
    const post = posts.get(variables.postId)
    // GraphQL errors are answered with HTTP 200 and an `errors` array.
    if (!post) return HttpResponse.json({ errors: [{ message: `Post "${variables.postId}" not found` }] })
    posts.delete(post.id)
    return HttpResponse.json({ data: { deletePost: { id: post.id } } })
  }),
)
server.listen({ onUnhandledRequest: 'error' })

const LIST_POSTS = 'query ListPosts { posts { id title } }'
const CREATE_POST = 'mutation CreatePost($post: PostInput!) { createPost(post: $post) { id } }'
const DELETE_POST = 'mutation DeletePost($postId: ID!) { deletePost(postId: $postId) { id } }'

const show = (client, what, status, body) => console.log(`  ${client.padEnd(16)} ${what.padEnd(30)} → ${status} ${body}`)

async function viaFetch(what, query, variables) {
  const response = await fetch(API, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) })
  show('fetch', what, response.status, await response.text())
}

console.log('GraphQL worked example (spec §4.5)')
await viaFetch('query ListPosts', LIST_POSTS)
await viaFetch('mutation CreatePost', CREATE_POST, { post: { title: 'Second post' } })
await viaFetch('mutation DeletePost (id 2)', DELETE_POST, { postId: '2' })
await viaFetch('mutation DeletePost (id 42)', DELETE_POST, { postId: '42' })

const client = new GraphQLClient(API)
const created = await client.request(CREATE_POST, { post: { title: 'Via graphql-request' } })
show('graphql-request', 'mutation CreatePost', 200, JSON.stringify(created))
show('graphql-request', 'query ListPosts', 200, JSON.stringify(await client.request(LIST_POSTS)))
try {
  await client.request(DELETE_POST, { postId: '42' })
} catch (error) {
  show('graphql-request', 'mutation DeletePost (id 42)', error.response.status, `throws: ${error.response.errors[0].message}`)
}

const batch = await fetch(API, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify([{ query: LIST_POSTS }, { query: 'query Unmocked { x }' }]),
})
show('fetch (batch)', '[ListPosts, Unmocked]', batch.status, await batch.text())

// Field matching like a real server: a mock schema answers only the fields asked for.
const schema = `
  type Post { id: ID! title: String! }
  type Query { posts: [Post!]! }
`
server.use(
  graphql.query('ListPosts', async ({ query, variables }) =>
    HttpResponse.json(await executeGraphQL({ schema, query, variables, rootValue: { posts: () => [...posts.values()] } })),
  ),
)
console.log('\nThe same query against a mock schema, asking for ids only')
await viaFetch('query ListPosts (ids only)', 'query ListPosts { posts { id } }')

server.close()
