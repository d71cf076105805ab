// The admin API and inspector routes under /__mocklib/: the journal as JSON, its live SSE stream, reset,
// and the guard (loopback clients only, unless an admin token is set). Called over real sockets.
import { request as httpRequest } from 'node:http'
import { readFileSync } from 'node:fs'
import { networkInterfaces } from 'node:os'
import { fileURLToPath } from 'node:url'
import { http, HttpResponse } from 'mocklib'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMockServer, type MockServer, type ServedRequest } from '../../src/api/server.js'
import { curl } from './clients.js'

let server: MockServer

beforeAll(async () => {
  server = await createMockServer([
    http.post('/orders', () => HttpResponse.json({ id: 'A-1' }, { status: 201 })),
    // A streamed body: the journal reads its own copy after the head is written.
    http.get('/report', () => new HttpResponse(new Blob(['line 1\n', 'line 2\n']).stream(), { headers: { 'content-type': 'text/plain' } })),
  ])
})
afterAll(() => server.close())

it('lists the journal as JSON, with the answer body once read, and forgets it on reset', async () => {
  await curl('-H', 'content-type: application/json', '--data', '{"item":"book"}', `${server.url}/orders`)
  await curl(`${server.url}/missing`)
  const listed = await curl(`${server.url}/__mocklib/api/requests`)
  expect(listed.headers['content-type']).toEqual(['application/json'])
  const entries = JSON.parse(listed.body) as ServedRequest[]
  expect(entries).toMatchObject([
    { method: 'POST', status: 201, outcome: 'mocked', handler: { kind: 'http', header: 'POST /orders' }, request: { body: { text: '{"item":"book"}' } }, response: { body: { text: '{"id":"A-1"}' } } },
    { method: 'GET', status: 404, outcome: 'unhandled' },
  ])
  // The admin routes are no traffic of the mock: they stay out of the journal.
  expect(server.history()).toHaveLength(2)
  const one = await curl(`${server.url}/__mocklib/api/requests/${entries[0]!.id}`)
  expect(JSON.parse(one.body)).toMatchObject({ id: entries[0]!.id, url: `${server.url}/orders` })
  const reset = await curl('-X', 'POST', `${server.url}/__mocklib/api/reset`)
  expect(reset.status).toBe(204)
  expect(JSON.parse((await curl(`${server.url}/__mocklib/api/requests`)).body)).toEqual([])
})

it('streams each new request as a server-sent event, and an update once a streamed body was read', async () => {
  const events: { event: string; entry: ServedRequest }[] = []
  const gotTwo = new Promise<void>((resolve, reject) => {
    httpRequest(`${server.url}/__mocklib/api/events`, (response) => {
      expect(response.headers['content-type']).toBe('text/event-stream')
      let buffer = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        buffer += chunk
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const event = /^event: (.*)$/m.exec(block)?.[1]
          const data = /^data: (.*)$/m.exec(block)?.[1]
          if (event && data) events.push({ event, entry: JSON.parse(data) as ServedRequest })
          if (events.length === 3) {
            response.destroy()
            resolve()
          }
        }
      })
      // The stream is open once its head is here: now the request it should report.
      void curl('-H', 'content-type: application/json', '--data', '{}', `${server.url}/orders`).then(() => curl(`${server.url}/report`))
    })
      .on('error', reject)
      .end()
  })
  await gotTwo
  expect(events.map(({ event, entry }) => [event, entry.method, new URL(entry.url).pathname])).toEqual([
    ['request', 'POST', '/orders'],
    ['request', 'GET', '/report'],
    ['update', 'GET', '/report'],
  ])
  // A body made from a string is in the first event already; a streamed one in the update.
  expect(events[0]!.entry.response.body?.text).toBe('{"id":"A-1"}')
  expect(events[1]!.entry.response.body).toBeUndefined()
  expect(events[2]!.entry.response.body?.text).toBe('line 1\nline 2\n')
})

it('serves the inspector page to a loopback client', async () => {
  const page = await curl(`${server.url}/__mocklib/`)
  expect(page.status).toBe(200)
  expect(page.headers['content-type']).toEqual(['text/html; charset=utf-8'])
  expect(page.body).toContain('<title>mocklib inspector</title>')
  expect((await curl(`${server.url}/__mocklib`)).headers.location).toEqual(['/__mocklib/'])
  const unknown = await curl(`${server.url}/__mocklib/api/nothing`)
  expect(unknown.status).toBe(404)
})

/** This machine's first address off loopback (the test host has one: a network interface). */
function offLoopbackAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && !entry.internal && entry.family === 'IPv4')?.address
  if (address === undefined) throw new Error('This test needs a network interface besides loopback.')
  return address
}

it('refuses admin routes to clients off loopback, unless they send the admin token; the mock itself answers them', async () => {
  const address = offLoopbackAddress()
  const open = await createMockServer([http.get('/ping', () => HttpResponse.text('pong'))], { host: '0.0.0.0' })
  const guarded = await createMockServer([], { host: '0.0.0.0', adminToken: 's3cret' })
  try {
    const remote = (target: MockServer, path: string) => `http://${address}:${new URL(target.url).port}${path}`
    expect((await curl(remote(open, '/ping'))).body).toBe('pong')
    const refused = await curl(remote(open, '/__mocklib/api/requests'))
    expect(refused.status).toBe(403)
    expect(refused.body).toBe('[mocklib] The mocklib inspector answers loopback clients only. Open it on the machine that runs the server, or start the server with --admin-token <token>.')
    expect((await curl(remote(guarded, '/__mocklib/api/requests'))).status).toBe(403)
    expect((await curl('-H', 'Authorization: Bearer wrong', remote(guarded, '/__mocklib/api/requests'))).status).toBe(403)
    expect((await curl('-H', 'Authorization: Bearer s3cret', remote(guarded, '/__mocklib/api/requests'))).status).toBe(200)
    expect((await curl(remote(guarded, '/__mocklib/?token=s3cret'))).status).toBe(200)
  } finally {
    await open.close()
    await guarded.close()
  }
})

it('credits an answer to the line that gave its handler to the server: createMockServer(), use(), resetHandlers()', async () => {
  const here = fileURLToPath(import.meta.url)
  const lines = readFileSync(here, 'utf8').split('\n')
  const lineOf = (path: string) => `${here}:${lines.findIndex((line) => line.includes(`http.get('${path}'`)) + 1}`
  const local = await createMockServer([http.get('/given', () => HttpResponse.text('at creation'))])
  try {
    local.use(http.get('/used', () => HttpResponse.text('override')))
    await curl(`${local.url}/given`)
    await curl(`${local.url}/used`)
    expect(local.history().map((entry) => entry.handler?.source)).toEqual([lineOf('/given'), lineOf('/used')])
    local.resetHandlers(http.get('/reset', () => HttpResponse.text('again')))
    await curl(`${local.url}/reset`)
    expect(local.history()[2]?.handler?.source).toBe(lineOf('/reset'))
  } finally {
    await local.close()
  }
})

it('serves a frozen handler, without a source', async () => {
  const local = await createMockServer([Object.freeze(http.get('/frozen', () => HttpResponse.text('still served')))])
  try {
    expect((await curl(`${local.url}/frozen`)).body).toBe('still served')
    expect(local.history()[0]?.handler).toEqual({ kind: 'http', header: 'GET /frozen' })
  } finally {
    await local.close()
  }
})
