import { parse } from 'graphql'
import { getResponse, graphql, GraphQLHandler, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ENDPOINT, LIST_POSTS, ListPostsDocument, postOperation } from './fixtures.js'

const OTHER_ENDPOINT = 'http://127.0.0.1:4001/graphql'
const answer = (tag: string) => () => HttpResponse.json({ data: { tag } })
const tagOf = async (query: string, url = ENDPOINT, variables?: Record<string, unknown>) => (await postOperation(query, variables, {}, url)).body.data?.tag

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  vi.restoreAllMocks()
})
afterAll(() => server.close())

describe('name selectors', () => {
  it('a string matches that operation name on any endpoint, and only its operation type', async () => {
    server.use(graphql.query('ListPosts', answer('query')), graphql.mutation('ListPosts', answer('mutation')))
    expect(await tagOf(LIST_POSTS)).toBe('query')
    expect(await tagOf(LIST_POSTS, 'https://any.example.test/api')).toBe('query')
    expect(await tagOf('mutation ListPosts { x }')).toBe('mutation')
  })

  it('a RegExp is tested against operation names', async () => {
    server.use(graphql.query(/^List/, answer('regexp')))
    expect(await tagOf('query ListComments { x }')).toBe('regexp')
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await expect(postOperation('query GetPost { x }')).rejects.toThrow(TypeError)
  })

  it('a DocumentNode matches its operation name and type', async () => {
    server.use(graphql.query(parse(LIST_POSTS), answer('document')))
    expect(await tagOf('query ListPosts { posts { id } }')).toBe('document')
  })

  it('a document string (as graphql-codegen emits) matches its operation', async () => {
    class TypedDocumentString extends String {
      __apiType?: (variables: { id: string }) => { post: { id: string } }
    }
    const GetPostDocument = new TypedDocumentString('fragment F on Post { id } query GetPost($id: ID!) { post(id: $id) { ...F } }')
    server.use(graphql.query(GetPostDocument, ({ variables }) => HttpResponse.json({ data: { post: { id: variables.id } } })))
    expect((await postOperation('query GetPost($id: ID!) { post(id: $id) { id } }', { id: '5' })).body).toEqual({ data: { post: { id: '5' } } })
  })

  it('throws at creation when the document has the wrong operation type, is anonymous or has several operations', () => {
    expect(() => graphql.mutation(ListPostsDocument, answer('x') as never)).toThrow(
      '[mocklib] graphql.mutation() got the document of query ListPosts, which is a query, not a mutation. Use graphql.query(document, resolver) for it.',
    )
    expect(() => graphql.query(parse('{ posts { id } }'), answer('x'))).toThrow(/anonymous.*graphql\.operation\(resolver\)/)
    expect(() => graphql.query(parse('query A { a } query B { b }'), answer('x'))).toThrow(/defines 2 operations/)
    expect(() => graphql.query(42 as never, answer('x'))).toThrow(/expects an operation name, a RegExp or a GraphQL document.*got number/)
    expect(() => graphql.query('ListPosts', undefined as never)).toThrow(/expects a resolver function as its second argument/)
  })
})

describe('anonymous operations', () => {
  it('match graphql.operation only', async () => {
    server.use(graphql.query(/.*/, answer('regexp')), graphql.operation(({ operationName }) => HttpResponse.json({ data: { tag: `operation:${operationName}` } })))
    expect(await tagOf('{ posts { id } }')).toBe('operation:undefined')
    expect(await tagOf('query ($id: ID) { post(id: $id) { id } }')).toBe('operation:undefined')
    expect(await tagOf('query Named { x }')).toBe('regexp')
  })
})

describe('graphql.link', () => {
  it('scopes handlers to one endpoint; handlers without link match any endpoint', async () => {
    const main = graphql.link(ENDPOINT)
    const other = graphql.link('http://127.0.0.1:*/graphql')
    server.use(main.query('ListPosts', answer('main')), other.query('ListPosts', answer('other')), graphql.query('ListPosts', answer('anywhere')))
    expect(await tagOf(LIST_POSTS, ENDPOINT)).toBe('main')
    expect(await tagOf(LIST_POSTS, OTHER_ENDPOINT)).toBe('other')
    expect(await tagOf(LIST_POSTS, 'https://api.example.test/graphql')).toBe('anywhere')
    expect(main.query('ListPosts', answer('x')).info.header).toBe(`query ListPosts (origin: ${ENDPOINT})`)
  })

  it('has mutation and operation too', async () => {
    const main = graphql.link(ENDPOINT)
    server.use(main.mutation('CreatePost', answer('mutation')), main.operation(answer('operation')))
    expect(await tagOf('mutation CreatePost { x }')).toBe('mutation')
    expect(await tagOf('{ x }')).toBe('operation')
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await expect(postOperation('{ x }', undefined, {}, OTHER_ENDPOINT)).rejects.toThrow(TypeError)
  })
})

describe('handler options and resolvers', () => {
  it('{ once: true } answers once, then falls through to the next handler', async () => {
    server.use(graphql.query('ListPosts', answer('once'), { once: true }), graphql.query('ListPosts', answer('always')))
    expect(await tagOf(LIST_POSTS)).toBe('once')
    expect(await tagOf(LIST_POSTS)).toBe('always')
  })

  it('generator resolvers answer step by step; a resolver returning nothing falls through', async () => {
    const seen = vi.fn()
    server.use(
      graphql.operation(({ operationName }) => void seen(operationName)),
      graphql.query('ListPosts', function* () {
        yield HttpResponse.json({ data: { tag: 'first' } })
        return HttpResponse.json({ data: { tag: 'last' } })
      }),
    )
    expect([await tagOf(LIST_POSTS), await tagOf(LIST_POSTS), await tagOf(LIST_POSTS)]).toEqual(['first', 'last', 'last'])
    expect(seen).toHaveBeenCalledTimes(3)
  })

  it('gives the resolver query, variables, operationName, a readable request, cookies and requestId', async () => {
    const seen = vi.fn()
    server.use(
      graphql.mutation('CreatePost', async (info) => {
        seen({ ...info, body: await info.request.json() })
        return HttpResponse.json({ data: { ok: true } })
      }),
    )
    const query = 'mutation CreatePost($post: PostInput!) { createPost(post: $post) { id } }'
    await postOperation(query, { post: { title: 'T' } }, { headers: { cookie: 'session=abc' } })
    expect(seen).toHaveBeenCalledWith(
      expect.objectContaining({
        query,
        variables: { post: { title: 'T' } },
        operationName: 'CreatePost',
        operationType: 'mutation',
        cookies: { session: 'abc' },
        requestId: expect.any(String),
        body: { query, variables: { post: { title: 'T' } } },
      }),
    )
  })

  it('names the handler when its resolver returns something that is not a Response', async () => {
    server.use(graphql.query('ListPosts', (() => ({ data: {} })) as never))
    const response = await fetch(ENDPOINT, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: LIST_POSTS }) })
    expect(response.status).toBe(500)
    expect((await response.json()).message).toMatch(/The resolver of "query ListPosts" returned an object/)
  })
})

describe('indexing', () => {
  it('finds the last of 250 GraphQL handlers by looking at that handler only', async () => {
    const handlers = Array.from({ length: 250 }, (_, index) => graphql.query(`Operation${index}`, answer(`handler ${index}`)))
    server.use(...handlers)
    const handle = vi.spyOn(GraphQLHandler.prototype, 'match')
    expect(await tagOf('query Operation249 { x }')).toBe('handler 249')
    expect(handle).toHaveBeenCalledTimes(1)
    handle.mockRestore()
  })

  it('leaves REST traffic alone, even a REST search with a ?query= param', async () => {
    const handle = vi.spyOn(GraphQLHandler.prototype, 'match')
    server.use(graphql.operation(answer('graphql')), http.get('*/search', ({ request }) => HttpResponse.json({ q: new URL(request.url).searchParams.get('query') })))
    const response = await fetch('https://shop.example.test/search?query=red+shoes')
    expect(await response.json()).toEqual({ q: 'red shoes' })
    expect(handle).not.toHaveBeenCalled()
    handle.mockRestore()
  })
})

describe('the same query sent again (parsed once, then answered from the parse cache)', () => {
  const send = (query: string, operationName?: string) =>
    fetch(ENDPOINT, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, operationName }) })

  it('picks the operation each request names, from a document with several', async () => {
    server.use(graphql.query('First', answer('first')), graphql.query('Second', answer('second')))
    const document = 'query First { a } query Second { b }'
    for (const name of ['First', 'Second', 'First']) expect((await (await send(document, name)).json()).data.tag).toBe(name.toLowerCase())
  })

  it('keeps refusing a query that does not parse', async () => {
    server.use(graphql.operation(answer('any')))
    vi.spyOn(console, 'error').mockImplementation(() => {})
    for (let i = 0; i < 2; i++) await expect(send('query Broken { a')).rejects.toThrow(TypeError)
    expect((await (await send('query Fine { a }')).json()).data.tag).toBe('any')
  })
})

describe('getResponse', () => {
  const handlers = [graphql.query('ListPosts', answer('single')), graphql.operation(answer('any'))]
  const request = (body: unknown) => new Request(ENDPOINT, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

  it('resolves single and batched GraphQL requests without interception', async () => {
    expect(await (await getResponse(handlers, request({ query: LIST_POSTS })))?.json()).toEqual({ data: { tag: 'single' } })
    expect(await (await getResponse(handlers, request([{ query: LIST_POSTS }, { query: '{ a }' }])))?.json()).toEqual([
      { data: { tag: 'single' } },
      { data: { tag: 'any' } },
    ])
    expect(await getResponse([graphql.query('Other', answer('x'))], request({ query: LIST_POSTS }))).toBeUndefined()
  })
})
