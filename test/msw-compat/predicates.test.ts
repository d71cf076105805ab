// msw 2 custom predicates: async http predicates with { matches, params }, graphql.query/mutation predicate functions.
import axios from 'axios'
import { graphql, http, HttpResponse, type GraphQLPredicate } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

const API = 'https://api.predicates.test'
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const post = (query: string, variables?: Record<string, unknown>) =>
  fetch(`${API}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) })

// graphql.query(predicate) is msw's API: the selector type lists predicate functions.
const byPredicate = (predicate: GraphQLPredicate) => predicate

describe('http custom predicates', () => {
  it('may be async', async () => {
    server.use(
      http.get(async ({ request }) => {
        await new Promise((resolve) => setTimeout(resolve, 1))
        return new URL(request.url).pathname === '/async'
      }, () => HttpResponse.text('async matched')),
    )
    expect(await (await fetch(`${API}/async`)).text()).toBe('async matched')
    expect((await axios.get(`${API}/async`)).data).toBe('async matched')
  })

  it('may return { matches, params }, and params reach the resolver', async () => {
    server.use(
      http.get(
        ({ request }) => {
          const found = /^\/users\/(\w+)$/.exec(new URL(request.url).pathname)
          return found ? { matches: true, params: { id: found[1]! } } : { matches: false }
        },
        ({ params }) => HttpResponse.json({ id: params.id }),
      ),
      http.get(`${API}/*`, () => HttpResponse.text('fallback')),
    )
    expect(await (await fetch(`${API}/users/ada`)).json()).toEqual({ id: 'ada' })
    expect(await (await fetch(`${API}/posts/1`)).text()).toBe('fallback')
  })

  it('an async { matches: false } lets the next handler answer', async () => {
    server.use(
      http.get(async () => ({ matches: false, params: {} }), () => HttpResponse.text('never')),
      http.get(`${API}/next`, () => HttpResponse.text('next')),
    )
    expect(await (await fetch(`${API}/next`)).text()).toBe('next')
  })
})

describe('graphql predicate functions', () => {
  it('graphql.query takes ({ query, variables, operationName, cookies, request }) => boolean', async () => {
    const seen: unknown[] = []
    server.use(
      graphql.query(
        byPredicate(({ operationName, variables, query, cookies, request }) => {
          seen.push({ operationName, variables, hasQuery: query.includes('user'), cookies: { ...cookies }, method: request.method })
          return operationName.startsWith('Get')
        }),
        () => HttpResponse.json({ data: { user: { id: '1' } } }),
      ),
    )
    const response = await fetch(`${API}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'session=abc' },
      body: JSON.stringify({ query: 'query GetUser($id: ID!) { user(id: $id) { id } }', variables: { id: '1' } }),
    })
    expect(await response.json()).toEqual({ data: { user: { id: '1' } } })
    expect(seen).toEqual([{ operationName: 'GetUser', variables: { id: '1' }, hasQuery: true, cookies: { session: 'abc' }, method: 'POST' }])
  })

  it('graphql.mutation takes an async predicate answering { matches }', async () => {
    server.use(
      graphql.mutation(
        byPredicate(async ({ variables }) => ({ matches: variables.id === '7' })),
        () => HttpResponse.json({ data: { deletePost: { id: '7' } } }),
      ),
      graphql.mutation('DeletePost', () => HttpResponse.json({ data: { deletePost: null } })),
    )
    const mutation = 'mutation DeletePost($id: ID!) { deletePost(id: $id) { id } }'
    expect(await (await post(mutation, { id: '7' })).json()).toEqual({ data: { deletePost: { id: '7' } } })
    expect(await (await post(mutation, { id: '8' })).json()).toEqual({ data: { deletePost: null } })
  })

  it('is never called for operations of another type or for REST requests', async () => {
    let calls = 0
    server.use(
      graphql.mutation(
        byPredicate(() => {
          calls++
          return true
        }),
        () => HttpResponse.json({ data: {} }),
      ),
      graphql.query('GetUser', () => HttpResponse.json({ data: { user: null } })),
      http.post(`${API}/rest`, () => HttpResponse.text('rest')),
    )
    expect(await (await post('query GetUser { user { id } }')).json()).toEqual({ data: { user: null } })
    expect(await (await fetch(`${API}/rest`, { method: 'POST', body: JSON.stringify({ name: 'not graphql' }) })).text()).toBe('rest')
    expect(calls).toBe(0)
  })

  it('graphql.link takes an async endpoint predicate', async () => {
    const internal = graphql.link(async ({ request }) => new URL(request.url).pathname === '/internal/graphql')
    server.use(
      internal.query('GetUser', () => HttpResponse.json({ data: { user: { id: 'internal' } } })),
      graphql.query('GetUser', () => HttpResponse.json({ data: { user: { id: 'public' } } })),
    )
    const ask = (path: string) =>
      fetch(`${API}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'query GetUser { user { id } }' }) })
    expect(await (await ask('/internal/graphql')).json()).toEqual({ data: { user: { id: 'internal' } } })
    expect(await (await ask('/graphql')).json()).toEqual({ data: { user: { id: 'public' } } })
  })

  it('headers read "[custom predicate]" as in msw', () => {
    expect(graphql.query(byPredicate(() => true), () => undefined).info.header).toBe('query [custom predicate] (origin: *)')
    expect(http.get(() => true, () => undefined).info.header).toBe('GET [custom predicate]')
  })
})
