// The fluent mock builder: steps, answers, modifiers, call history and the
// assertions (assertDone, assertNoUnhandledRequests), with real clients.
import { HttpResponse, mock } from 'mocklib'
import { setupServer } from 'mocklib/node'

const API = 'https://api.example.test'
const show = (what, result) => console.log(`  ${what.padEnd(44)} → ${result}`)

const listPosts = mock.get(`${API}/posts`).query({ page: /^\d+$/ }).reply(200, [{ id: '1', title: 'Hello' }]).times(2)
const createPost = mock
  .post(`${API}/posts/:id`)
  .headers({ authorization: /^Bearer / })
  .body({ title: 'Hello' })
  .reply(({ params }) => HttpResponse.json({ id: params.id, title: 'Hello' }, { status: 201 }))
  .once()
const flaky = mock.get(`${API}/flaky`).networkError().once()
const listQuery = mock.query('ListPosts').reply({ data: { posts: [] } })

const server = setupServer(listPosts, createPost, flaky, listQuery)
// 'error': a request no handler answers fails here instead of reaching the network.
server.listen({ onUnhandledRequest: 'error' })

console.log('Requests')
let response = await fetch(`${API}/posts?page=1`)
show('GET /posts?page=1', `${response.status} ${await response.text()}`)
response = await fetch(`${API}/posts/7`, {
  method: 'POST',
  headers: { authorization: 'Bearer abc', 'content-type': 'application/json' },
  body: JSON.stringify({ title: 'Hello', draft: true }),
})
show('POST /posts/7 (authorized)', `${response.status} ${await response.text()}`)
await fetch(`${API}/flaky`).then(
  (reply) => show('GET /flaky', reply.status),
  (error) => show('GET /flaky', `network error (${error.name})`),
)
response = await fetch('https://graphql.example.test/graphql', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ query: 'query ListPosts { posts { id } }' }),
})
show('query ListPosts', `${response.status} ${await response.text()}`)
// This one misses the query step; the application swallows the failure (and we mute the printed error).
const printError = console.error
console.error = () => {}
await fetch(`${API}/posts?page=last`).catch(() => undefined)
console.error = printError

console.log('\nCall history')
show('listPosts.callCount / isDone()', `${listPosts.callCount} / ${listPosts.isDone()}`)
show('createPost.calls[0].params, .body', `${JSON.stringify(createPost.calls[0].params)}, ${JSON.stringify(createPost.calls[0].body)}`)
show('server.pendingMocks()', server.pendingMocks().map((pending) => pending.info.header).join(', '))
show('server.unhandledRequests()', server.unhandledRequests().map((record) => `${record.method} ${record.url}`).join(', '))

console.log('\nserver.assertDone() throws:')
try {
  server.assertDone()
} catch (error) {
  console.log(error.message.replace(/^/gm, '  | '))
}
console.log('\nserver.assertNoUnhandledRequests() throws:')
try {
  server.assertNoUnhandledRequests()
} catch (error) {
  console.log(error.message.replace(/^/gm, '  | '))
}
server.close()
