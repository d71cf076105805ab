// GraphQL operations and server-sent events under Bun and Deno: GraphQL
// through fetch and node:http, sse() read with fetch, with the `eventsource`
// package (which reads through fetch), and with the runtime's own
// EventSource where it has one (Deno), whose real stream is the reference.
import assert from 'node:assert/strict'
import { after, afterEach, before, describe, it } from 'node:test'
import { EventSource as EventSourcePackage } from 'eventsource'
import { graphql, HttpResponse, sse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { readUntil, RUNTIME, startRealServer, viaNodeHttp, within } from './support.mjs'

const API = 'https://api.example.test'
const github = graphql.link(`${API}/graphql`)

const server = setupServer(
  github.query('GetUser', ({ variables }) => HttpResponse.json({ data: { user: { id: variables.id, name: 'Ada' } } })),
  github.mutation('Rename', ({ variables }) => HttpResponse.json({ data: { rename: variables.name } })),
  graphql.query('Missing', () => HttpResponse.json({ errors: [{ message: 'not found' }] })),
  sse(`${API}/feed/:topic`, ({ client, params }) => {
    client.send({ data: `hello ${params.topic}` })
    client.send({ event: 'tick', id: '7', data: { n: 1 } })
  }),
)

const FRAMES = ['data:hello real\n\n', 'id:7\nevent:tick\ndata:{"n":1}\n\n']
let real
before(async () => {
  real = await startRealServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    for (const frame of FRAMES) response.write(frame)
  })
  server.listen({ onUnhandledRequest: 'bypass' })
})
afterEach(() => server.resetHandlers())
after(async () => {
  server.close()
  await real.close()
})

function operation(query, variables) {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) }
}

describe(`GraphQL under ${RUNTIME}`, () => {
  it('answers a query and a mutation sent with fetch, by operation name and variables', async () => {
    const user = await fetch(`${API}/graphql`, operation('query GetUser($id: ID!) { user(id: $id) { id name } }', { id: 'u1' }))
    assert.deepEqual(await user.json(), { data: { user: { id: 'u1', name: 'Ada' } } })
    const renamed = await fetch(`${API}/graphql`, operation('mutation Rename($name: String!) { rename(name: $name) }', { name: 'Grace' }))
    assert.deepEqual(await renamed.json(), { data: { rename: 'Grace' } })
  })

  it('answers a query sent with node:http, and a GET query', async () => {
    const viaHttp = await viaNodeHttp(`${API}/graphql`, { ...operation('query GetUser { user(id: "u2") { id } }', { id: 'u2' }) })
    assert.deepEqual(JSON.parse(viaHttp.body), { data: { user: { id: 'u2', name: 'Ada' } } })
    const viaGet = await fetch(`${API}/graphql?query=${encodeURIComponent('query GetUser { user { id } }')}&variables=${encodeURIComponent('{"id":"u3"}')}`)
    assert.deepEqual(await viaGet.json(), { data: { user: { id: 'u3', name: 'Ada' } } })
  })

  it('answers an operation on any endpoint with graphql.query, errors included', async () => {
    const response = await fetch('https://other.example.test/gql', operation('query Missing { thing }'))
    assert.deepEqual(await response.json(), { errors: [{ message: 'not found' }] })
  })
})

describe(`server-sent events under ${RUNTIME}`, () => {
  it('streams event-stream frames to fetch', async () => {
    const response = await fetch(`${API}/feed/news`, { headers: { accept: 'text/event-stream' } })
    assert.equal(response.headers.get('content-type'), 'text/event-stream')
    const text = await within(3000, 'the mocked stream', readUntil(response, (text) => text.includes('data:{"n":1}\n\n')))
    assert.equal(text, 'data:hello news\n\nid:7\nevent:tick\ndata:{"n":1}\n\n')
  })

  /** The first two events `Source` receives from `url`: the message, then the named one. */
  async function twoEvents(Source, url) {
    const source = new Source(url)
    try {
      return await within(
        3000,
        `two events from ${url}`,
        new Promise((resolve, reject) => {
          const events = []
          const take = (event) => {
            events.push({ type: event.type, data: event.data, lastEventId: event.lastEventId })
            if (events.length === 2) resolve(events)
          }
          source.addEventListener('message', take)
          source.addEventListener('tick', take)
          source.addEventListener('error', () => reject(new Error(`${url} failed`)))
        }),
      )
    } finally {
      source.close()
    }
  }

  it('delivers events to the eventsource package as its real stream does', async () => {
    const mocked = await twoEvents(EventSourcePackage, `${API}/feed/real`)
    assert.deepEqual(mocked, await twoEvents(EventSourcePackage, `${real.origin}/feed`))
    assert.deepEqual(mocked, [
      { type: 'message', data: 'hello real', lastEventId: '' },
      { type: 'tick', data: '{"n":1}', lastEventId: '7' },
    ])
  })

  if (typeof globalThis.EventSource === 'function') {
    it("delivers events to the runtime's own EventSource as its real stream does", async () => {
      assert.deepEqual(await twoEvents(EventSource, `${API}/feed/real`), await twoEvents(EventSource, `${real.origin}/feed`))
    })
  }
})
