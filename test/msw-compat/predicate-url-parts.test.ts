// What part of the URL each predicate form sees, against msw 2.15 in the same run:
// a RegExp sees origin + path (never the query string or hash: msw-trpc builds
// `/\/userById$/` for `GET .../userById?input=...`), a string pattern ignores the
// query, a custom predicate gets the whole request, graphql.link takes the same
// rule as http. Each case is answered by both libraries' `getResponse`.
// Left out on purpose (README "Coming from msw"): a host-less path, which msw in
// Node never matches and mocklib matches on any origin, and a RegExp with the
// `g` flag, whose `lastIndex` makes msw skip every other request.
import { getResponse as mswGetResponse, graphql as mswGraphql, http as mswHttp, HttpResponse as MswHttpResponse } from 'msw2'
import { getResponse, graphql, http, HttpResponse, ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { WebSocket as NodeWebSocket } from 'ws'
import { describe, expect, it } from 'vitest'

type Predicate = string | RegExp | ((info: { request: Request }) => boolean)

const API = 'https://api.url-parts.test'
const URLS = [
  `${API}/trpc/userById`,
  `${API}/trpc/userById?input=%7B%22id%22%3A1%7D`,
  `${API}/trpc/userById?batch=1&input=x#frag`,
  `${API}/trpc/userById/`,
  `${API}/trpc/userById/extra?x=userById`,
  `${API}/trpc/other?next=userById`,
  `${API}/files/a%20b?x=1`,
  `http://localhost:3000/trpc/userById?input=1`,
]

const PREDICATES: Array<[string, Predicate]> = [
  ['RegExp anchored at the end', /\/userById$/],
  ['RegExp built as msw-trpc does', new RegExp(`^${API.replace(/\./g, '\\.')}/trpc/userById$`)],
  ['RegExp that reads the query', /input=/],
  ['RegExp with a hash', /#frag/],
  ['RegExp with unnamed groups', /\/(trpc)\/(\w+)$/],
  ['RegExp with named and unnamed groups', /\/(?<scope>\w+)\/(\w+)$/],
  ['RegExp with an encoded group', /\/files\/(?<name>[^/]+)$/],
  ['absolute string', `${API}/trpc/:procedure`],
  ['wildcard string', `${API}/trpc/*`],
  ['custom predicate reading the search', ({ request }) => new URL(request.url).searchParams.has('input')],
  ['custom predicate reading the whole URL', ({ request }) => request.url.endsWith('userById')],
]

/** The params the handler got, or null when it did not match; the same resolver for both libraries. */
async function outcome(response: Response | undefined): Promise<unknown> {
  return response === undefined ? null : response.json()
}

describe('http predicates see the URL parts msw gives them', () => {
  for (const [name, predicate] of PREDICATES) {
    it(name, async () => {
      const ours = http.get(predicate, ({ params }) => HttpResponse.json({ ...params }))
      const theirs = mswHttp.get(predicate as never, ({ params }) => MswHttpResponse.json({ ...params }))
      for (const url of URLS) {
        const expected = await outcome(await mswGetResponse([theirs], new Request(url)))
        const actual = await outcome(await getResponse([ours], new Request(url)))
        expect({ url, params: actual }).toEqual({ url, params: expected })
      }
    })
  }

  it('a RegExp predicate answers a real fetch with a query string (msw-trpc)', async () => {
    const server = setupServer(http.get(/\/trpc\/userById$/, () => HttpResponse.json({ result: { data: { id: 1 } } })))
    server.listen({ onUnhandledRequest: 'error' })
    try {
      const response = await fetch(`${API}/trpc/userById?input=${encodeURIComponent('{"id":1}')}`)
      expect(await response.json()).toEqual({ result: { data: { id: 1 } } })
    } finally {
      server.close()
    }
  })

  it('a RegExp with the g flag matches every request, not every other one', async () => {
    const handler = http.get(/userById/g, () => HttpResponse.text('ok'))
    for (const url of URLS.slice(0, 3)) expect(await (await getResponse([handler], new Request(url)))?.text()).toBe('ok')
  })

  it('a RegExp group named __proto__ stays a plain key', async () => {
    const handler = http.get(/\/(?<__proto__>[^/]+)$/, ({ params }) => HttpResponse.json({ polluted: ({} as Record<string, unknown>).polluted ?? null, keys: Object.keys(params) }))
    const response = await getResponse([handler], new Request(`${API}/polluted`))
    expect(await response!.json()).toEqual({ polluted: null, keys: ['__proto__'] })
  })
})

describe('graphql.link endpoints see the URL parts msw gives them', () => {
  const QUERY = 'query GetUser { user { id } }'
  const ENDPOINTS: Array<[string, string | RegExp]> = [
    ['RegExp anchored at the end', /\/graphql$/],
    ['string endpoint', `${API}/graphql`],
  ]
  const GRAPHQL_URLS = [`${API}/graphql`, `${API}/graphql?tenant=a`, `${API}/graphql?x=/graphql#h`, `${API}/graphql/extra`]

  for (const [name, endpoint] of ENDPOINTS) {
    it(name, async () => {
      const ours = graphql.link(endpoint).query('GetUser', () => HttpResponse.json({ data: { user: { id: 'ours' } } }))
      const theirs = mswGraphql.link(endpoint as never).query('GetUser', () => MswHttpResponse.json({ data: { user: { id: 'ours' } } }))
      for (const url of GRAPHQL_URLS) {
        const request = () => new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: QUERY }) })
        const expected = await outcome(await mswGetResponse([theirs], request()))
        const actual = await outcome(await getResponse([ours], request()))
        expect({ url, data: actual }).toEqual({ url, data: expected })
      }
    })
  }
})

describe('ws.link with a RegExp sees origin and path, as msw', () => {
  it('matches a connection whose URL has a query string', async () => {
    const chat = ws.link(/\/chat$/)
    const server = setupServer(chat.addEventListener('connection', ({ client }) => client.send('hello')))
    server.listen({ onUnhandledRequest: 'error' })
    try {
      const socket = new NodeWebSocket('wss://chat.url-parts.test/chat?token=abc')
      const message = await new Promise<string>((resolve, reject) => {
        socket.on('message', (data) => resolve(String(data)))
        socket.on('error', reject)
      })
      socket.close()
      expect(message).toBe('hello')
    } finally {
      server.close()
    }
  })
})
