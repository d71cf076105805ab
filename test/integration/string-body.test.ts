// A fetch with a string body is read once from its text (no copy of the body
// stream): the Request handed to resolvers and listeners stays readable, the
// network gets the body, and what handlers read is what the bytes say.
import { graphql, http, HttpResponse, mock, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { failOnUnhandledRejection, useLocalServer } from './support/harness.js'

const ENDPOINT = 'https://graphql.example.test/graphql'
const local = useLocalServer((request, response, body) => {
  response.setHeader('content-type', 'text/plain')
  response.end(`real ${request.method} ${body}`)
})
const server = setupServer()
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  server.events.removeAllListeners()
  local.received.length = 0
})
afterAll(() => server.close())

const post = (body: string, contentType = 'application/json') => ({ method: 'POST', headers: { 'content-type': contentType }, body })

it('lets a GraphQL resolver read the body after a mock body step read it', async () => {
  const body = JSON.stringify({ query: 'query GetUser($id: ID!) { user(id: $id) { id } }', variables: { id: '7' } })
  server.use(
    mock.post(ENDPOINT).body({ variables: { id: '8' } }).reply(500),
    graphql.query('GetUser', async ({ request, variables }) => {
      const read = (await request.json()) as { variables: { id: string } }
      return HttpResponse.json({ data: { user: { id: read.variables.id, fromVariables: variables.id, used: request.bodyUsed } } })
    }),
  )
  const response = await fetch(ENDPOINT, post(body))
  expect(await response.json()).toEqual({ data: { user: { id: '7', fromVariables: '7', used: true } } })
})

it('reads a lone surrogate as the bytes sent (U+FFFD), as from any other client', async () => {
  // JSON.stringify would escape the surrogate; written by hand it goes out raw.
  const body = '{"query":"query Echo($name: String) { echo(name: $name) }","variables":{"name":"a\uD800b"}}'
  server.use(graphql.query('Echo', ({ variables }) => HttpResponse.json({ data: { echo: variables.name } })))
  const response = await fetch(ENDPOINT, post(body))
  expect(await response.json()).toEqual({ data: { echo: 'a\uFFFDb' } })
})

it('answers each operation of a batch from its own part', async () => {
  const body = JSON.stringify([
    { query: 'query A { a }', operationName: 'A' },
    { query: 'query B { b }', operationName: 'B' },
  ])
  server.use(
    graphql.query('A', async ({ request }) => HttpResponse.json({ data: { a: ((await request.json()) as { operationName: string }).operationName } })),
    graphql.query('B', async ({ request }) => HttpResponse.json({ data: { b: ((await request.json()) as { operationName: string }).operationName } })),
  )
  const response = await fetch(ENDPOINT, post(body))
  expect(await response.json()).toEqual([{ data: { a: 'A' } }, { data: { b: 'B' } }])
})

it('sends the body on passthrough after a resolver read it', async () => {
  server.use(
    http.post(`${local.origin}/echo`, async ({ request }) => {
      expect(await request.text()).toBe('hello body')
      return passthrough()
    }),
  )
  const response = await fetch(`${local.origin}/echo`, post('hello body', 'text/plain'))
  expect(await response.text()).toBe('real POST hello body')
  expect(local.received.map((received) => [received.body, received.headers['content-type']])).toEqual([['hello body', 'text/plain']])
})

it('leaves the Request readable for listeners after a mock body step passed it through', async () => {
  const seenByListener: Promise<string>[] = []
  server.events.on('response:bypass', ({ request }) => void seenByListener.push(request.text()))
  server.use(mock.post(`${local.origin}/echo`).body({ n: 2 }).passthrough())
  const response = await fetch(`${local.origin}/echo`, post('{"n":2}'))
  expect(await response.text()).toBe('real POST {"n":2}')
  await expect.poll(() => seenByListener.length).toBe(1)
  expect(await seenByListener[0]).toBe('{"n":2}')
})

it('sends the body along a mocked 307 redirect after the first hop read it', async () => {
  server.use(
    http.post(`${local.origin}/from`, async ({ request }) => {
      expect(await request.text()).toBe('{"n":1}')
      return new HttpResponse(null, { status: 307, headers: { location: `${local.origin}/to` } })
    }),
    http.post(`${local.origin}/to`, async ({ request }) => HttpResponse.text(`to got ${await request.text()}`)),
  )
  const response = await fetch(`${local.origin}/from`, post('{"n":1}'))
  expect(await response.text()).toBe('to got {"n":1}')
  expect(response.redirected).toBe(true)
})
