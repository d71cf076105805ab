// Record and replay under Bun and Deno: server.record() captures what a real
// 127.0.0.1 server answered to fetch and node:http, saves it as HAR, and
// fromHar() and snapshot() answer the same requests after the server is gone.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { fromHar, http, HttpResponse } from 'mocklib'
import { setupServer, snapshot } from 'mocklib/node'
import { RUNTIME, startRealServer, viaNodeHttp } from './support.mjs'

const folder = mkdtempSync(join(tmpdir(), 'mocklib-runtime-record-'))
let real
before(async () => {
  let counter = 0
  real = await startRealServer((request, response, body) => {
    const url = new URL(request.url, 'http://127.0.0.1')
    if (url.pathname === '/counter') {
      response.writeHead(200, { 'content-type': 'text/plain' })
      return response.end(String(++counter))
    }
    response.writeHead(url.pathname === '/missing' ? 404 : 200, { 'content-type': 'application/json', 'x-real': 'yes' })
    response.end(JSON.stringify({ method: request.method, path: url.pathname, query: url.search, body }))
  })
})
after(async () => {
  await real?.close()
  rmSync(folder, { recursive: true, force: true })
})

/** The same requests, with both clients: what each answered. */
async function scenario(origin) {
  const viaFetch = async (path, init) => {
    const response = await fetch(`${origin}${path}`, init)
    return { status: response.status, type: response.headers.get('content-type'), body: await response.text() }
  }
  const viaHttp = async (path, options) => {
    const reply = await viaNodeHttp(`${origin}${path}`, options)
    return { status: reply.status, type: reply.headers['content-type'], body: reply.body }
  }
  return [
    await viaFetch('/json?page=2'),
    await viaFetch('/echo', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello body' }),
    await viaHttp('/from-node-http'),
    await viaFetch('/counter'),
    await viaFetch('/counter'),
    await viaFetch('/missing'),
  ]
}

describe(`record and replay under ${RUNTIME}`, () => {
  it('records real answers with server.record(), saves a HAR, and replays it with fromHar() once the server is gone', async () => {
    const server = setupServer(http.get('https://api.example.test/mocked', () => HttpResponse.json({ mocked: true })))
    server.listen({ onUnhandledRequest: 'bypass' })
    let live
    const file = join(folder, 'recorded.har')
    const origin = real.origin
    try {
      const recording = server.record({ redact: false })
      live = await scenario(origin)
      // A mocked answer is not recorded by default.
      await fetch('https://api.example.test/mocked')
      const har = await recording.save(file)
      assert.deepEqual(
        har.log.entries.map((entry) => `${entry.request.method} ${new URL(entry.request.url).pathname}`),
        ['GET /json', 'POST /echo', 'GET /from-node-http', 'GET /counter', 'GET /counter', 'GET /missing'],
      )
    } finally {
      server.close()
    }
    await real.close()
    real = undefined

    const replaying = setupServer(...fromHar(JSON.parse(readFileSync(file, 'utf8'))))
    replaying.listen({ onUnhandledRequest: 'error' })
    try {
      assert.deepEqual(await scenario(origin), live)
    } finally {
      replaying.close()
    }
  })
})

describe(`snapshot() under ${RUNTIME}`, () => {
  it('records on the first run and replays on the next, without the network', async () => {
    const snapshotServer = await startRealServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ path: request.url, at: 'real' }))
    })
    const file = join(folder, 'snapshot.har')
    const run = async () => {
      const server = setupServer(snapshot(file))
      server.listen({ onUnhandledRequest: 'error' })
      try {
        return await (await fetch(`${snapshotServer.origin}/item/1`)).json()
      } finally {
        server.close()
      }
    }
    const first = await run()
    const served = snapshotServer.seen.length
    const second = await run()
    await snapshotServer.close()
    assert.deepEqual(first, { path: '/item/1', at: 'real' })
    assert.deepEqual(second, first)
    assert.equal(snapshotServer.seen.length, served, 'the second run reached the network')
  })
})
