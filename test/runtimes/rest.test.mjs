// REST under Bun and Deno: global fetch, node:http/https and axios answered from
// handlers, passthrough and bypass() to a real 127.0.0.1 server, and what a
// fetch does with an answer (redirects, gzip, HEAD, abort) held to what the
// runtime's own fetch does with the same answer from the real server.
import assert from 'node:assert/strict'
import { after, afterEach, before, describe, it } from 'node:test'
import { gzipSync } from 'node:zlib'
import axios from 'axios'
import { bypass, delay, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { RUNTIME, settle, startRealServer, viaNodeHttp } from './support.mjs'

const API = 'https://api.example.test'
const MOCKED = 'http://mocked.test'
const GZIPPED = gzipSync(Buffer.from('decoded by fetch'))

/** The real server's routes, also written as handlers on MOCKED: the same answers, from both. */
function realRoute(request, response, body) {
  const url = new URL(request.url, 'http://127.0.0.1')
  const redirect = /^\/redirect\/(\d{3})$/.exec(url.pathname)
  if (redirect) {
    response.writeHead(Number(redirect[1]), { location: '/target' })
    return response.end()
  }
  if (url.pathname === '/loop') {
    response.writeHead(302, { location: '/loop' })
    return response.end()
  }
  if (url.pathname === '/gzip') {
    response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' })
    return response.end(GZIPPED)
  }
  response.writeHead(200, { 'content-type': 'application/json' })
  response.end(JSON.stringify({ method: request.method, path: url.pathname, body, authorization: request.headers.authorization ?? null }))
}

const mirroredHandlers = [
  http.all(`${MOCKED}/redirect/:status`, ({ params }) => new HttpResponse(null, { status: Number(params.status), headers: { location: '/target' } })),
  http.all(`${MOCKED}/loop`, () => new HttpResponse(null, { status: 302, headers: { location: '/loop' } })),
  http.all(`${MOCKED}/gzip`, () => new HttpResponse(GZIPPED, { headers: { 'content-type': 'text/plain', 'content-encoding': 'gzip' } })),
  http.all(`${MOCKED}/*`, async ({ request }) =>
    HttpResponse.json({ method: request.method, path: new URL(request.url).pathname, body: await request.text(), authorization: request.headers.get('authorization') }),
  ),
]

const server = setupServer(
  http.get(`${API}/posts/:id`, ({ params }) => HttpResponse.json({ id: params.id, title: 'Hello' })),
  http.post(`${API}/posts`, async ({ request }) => HttpResponse.json({ created: await request.json() }, { status: 201 })),
  http.get(`${API}/broken`, () => HttpResponse.error()),
  http.head(`${API}/head`, () => HttpResponse.text('no body for HEAD')),
  http.get(`${API}/slow`, async () => {
    await delay(2000)
    return HttpResponse.text('too late')
  }),
  http.get(`${API}/stream`, () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('first chunk'))
      },
    })
    return new HttpResponse(stream, { headers: { 'content-type': 'text/plain' } })
  }),
  ...mirroredHandlers,
)

const runtimeGlobals = { fetch: globalThis.fetch, WebSocket: globalThis.WebSocket, EventSource: globalThis.EventSource }
const listenOptions = {
  // The real server is reached on purpose; anything else unhandled is a mistake.
  onUnhandledRequest: (request, print) => {
    if (new URL(request.url).hostname !== '127.0.0.1') print.error()
  },
}

let real
before(async () => {
  real = await startRealServer(realRoute)
  server.listen(listenOptions)
})
afterEach(() => server.resetHandlers())
after(async () => {
  server.close()
  await real.close()
})

describe(`REST under ${RUNTIME}`, () => {
  it("puts the runtime's fetch, WebSocket and EventSource back on close(), and patches them again on listen()", async () => {
    const patched = { fetch: globalThis.fetch, WebSocket: globalThis.WebSocket, EventSource: globalThis.EventSource }
    assert.notEqual(patched.fetch, runtimeGlobals.fetch)
    assert.notEqual(patched.WebSocket, runtimeGlobals.WebSocket)
    if (runtimeGlobals.EventSource !== undefined) assert.notEqual(patched.EventSource, runtimeGlobals.EventSource)
    // What the runtime's fetch carries (Bun's fetch.preconnect) stays usable.
    for (const name of Object.getOwnPropertyNames(runtimeGlobals.fetch)) assert.ok(name in patched.fetch, `fetch.${name} is missing while listening`)
    server.close()
    try {
      assert.deepEqual({ fetch: globalThis.fetch, WebSocket: globalThis.WebSocket, EventSource: globalThis.EventSource }, runtimeGlobals)
    } finally {
      server.listen(listenOptions)
    }
    assert.deepEqual(await (await fetch(`${API}/posts/5`)).json(), { id: '5', title: 'Hello' })
  })

  it('answers global fetch with typed params', async () => {
    const response = await fetch(`${API}/posts/42`)
    assert.equal(response.status, 200)
    assert.equal(response.url, `${API}/posts/42`)
    assert.equal(response.headers.get('content-type'), 'application/json')
    assert.deepEqual(await response.json(), { id: '42', title: 'Hello' })
  })

  it('reads a POST body and answers with a status', async () => {
    const response = await fetch(`${API}/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'New' }) })
    assert.equal(response.status, 201)
    assert.equal(response.statusText, 'Created')
    assert.deepEqual(await response.json(), { created: { title: 'New' } })
  })

  it('answers node:http and node:https', async () => {
    const overHttps = await viaNodeHttp(`${API}/posts/7`)
    assert.equal(overHttps.status, 200)
    assert.deepEqual(JSON.parse(overHttps.body), { id: '7', title: 'Hello' })
    const overHttp = await viaNodeHttp(`${MOCKED}/echo`, { method: 'PUT', body: 'sent with node:http' })
    assert.deepEqual(JSON.parse(overHttp.body), { method: 'PUT', path: '/echo', body: 'sent with node:http', authorization: null })
  })

  it('answers axios, through its node:http adapter and its fetch adapter', async () => {
    const overHttp = await axios.get(`${API}/posts/8`)
    assert.deepEqual([overHttp.status, overHttp.data], [200, { id: '8', title: 'Hello' }])
    const overFetch = await axios.post(`${API}/posts`, { title: 'via axios' }, { adapter: 'fetch' })
    assert.deepEqual([overFetch.status, overFetch.data], [201, { created: { title: 'via axios' } }])
  })

  it('lets server.use override and resetHandlers drop the override', async () => {
    server.use(http.get(`${API}/posts/:id`, () => HttpResponse.json({ overridden: true })))
    assert.deepEqual(await (await fetch(`${API}/posts/1`)).json(), { overridden: true })
    assert.deepEqual(JSON.parse((await viaNodeHttp(`${API}/posts/1`)).body), { overridden: true })
    server.resetHandlers()
    assert.deepEqual(await (await fetch(`${API}/posts/1`)).json(), { id: '1', title: 'Hello' })
  })

  it('fails fetch with a TypeError for HttpResponse.error(), and node:http with an error event', async () => {
    const failed = await settle(fetch(`${API}/broken`))
    assert.ok(failed.error instanceof TypeError, String(failed.error))
    await assert.rejects(viaNodeHttp(`${API}/broken`))
  })

  it("fails an unhandled request under onUnhandledRequest 'error'", async () => {
    const printed = []
    const original = console.error
    console.error = (...args) => printed.push(args.join(' '))
    try {
      const failed = await settle(fetch(`${API}/nobody-handles-this`))
      assert.ok(failed.error instanceof TypeError, String(failed.error))
    } finally {
      console.error = original
    }
    assert.match(printed.join('\n'), /nobody-handles-this/)
  })

  it('sends an unhandled request to the real server without mocklib headers, with fetch and node:http', async () => {
    const viaFetch = await fetch(`${real.origin}/passed`, { method: 'POST', body: 'real body' })
    assert.deepEqual(await viaFetch.json(), { method: 'POST', path: '/passed', body: 'real body', authorization: null })
    const viaHttp = await viaNodeHttp(`${real.origin}/passed-too`, { method: 'POST', body: 'from node:http' })
    assert.deepEqual(JSON.parse(viaHttp.body), { method: 'POST', path: '/passed-too', body: 'from node:http', authorization: null })
    for (const request of real.seen) assert.equal(request.headers['x-mocklib-bypass'], undefined, `${request.url} reached the server with mocklib's header`)
  })

  it('patches a real response fetched with bypass() inside a resolver', async () => {
    server.use(
      http.get(`${real.origin}/patched`, async ({ request }) => {
        const original = await (await fetch(bypass(request))).json()
        return HttpResponse.json({ ...original, patched: true })
      }),
    )
    assert.deepEqual(await (await fetch(`${real.origin}/patched`)).json(), { method: 'GET', path: '/patched', body: '', authorization: null, patched: true })
    assert.deepEqual(JSON.parse((await viaNodeHttp(`${real.origin}/patched`)).body).patched, true)
  })

  it('strips the body of a HEAD answer', async () => {
    const response = await fetch(`${API}/head`, { method: 'HEAD' })
    assert.equal(response.status, 200)
    assert.equal(await response.text(), '')
  })

  it('rejects with signal.reason when aborted before the request, while the handler works, and while the body is read', async () => {
    const reason = new Error('the client gave up')
    assert.equal((await settle(fetch(`${API}/posts/1`, { signal: AbortSignal.abort(reason) }))).error, reason)

    const waiting = new AbortController()
    const pending = settle(fetch(`${API}/slow`, { signal: waiting.signal }))
    setTimeout(() => waiting.abort(reason), 20)
    assert.equal((await pending).error, reason)

    const reading = new AbortController()
    const response = await fetch(`${API}/stream`, { signal: reading.signal })
    const reader = response.body.getReader()
    assert.equal(new TextDecoder().decode((await reader.read()).value), 'first chunk')
    reading.abort(reason)
    assert.equal((await settle(reader.read())).error, reason)
  })
})

/** What a client can observe of a fetch: its response, or the kind of its failure. */
async function outcome(url, init) {
  const { value, error } = await settle(fetch(url, init))
  if (error !== undefined) return { failed: error.name }
  return { status: value.status, redirected: value.redirected, path: new URL(value.url).pathname, location: value.headers.get('location'), body: await value.text() }
}

describe(`a mocked answer reaches fetch as the real server's does, under ${RUNTIME}`, () => {
  const cases = [
    ['a 302 followed', '/redirect/302', {}],
    ['a 301 after a POST, which becomes a GET', '/redirect/301', { method: 'POST', body: 'dropped' }],
    ['a 303 after a PUT, which becomes a GET', '/redirect/303', { method: 'PUT', body: 'dropped' }],
    ['a 307 after a POST, which keeps method and body', '/redirect/307', { method: 'POST', body: 'kept' }],
    ['a 308 after a PATCH, which keeps method and body', '/redirect/308', { method: 'PATCH', body: 'kept too' }],
    ["a redirect under redirect: 'manual'", '/redirect/302', { redirect: 'manual' }],
    ["a redirect under redirect: 'error'", '/redirect/302', { redirect: 'error' }],
    ['a redirect loop', '/loop', {}],
    ['a gzip body', '/gzip', {}],
    ['a same-origin redirect keeping authorization', '/redirect/307', { headers: { authorization: 'Bearer token' } }],
  ]
  for (const [name, path, init] of cases) {
    it(name, async () => {
      const fromRealServer = await outcome(`${real.origin}${path}`, init)
      const fromHandlers = await outcome(`${MOCKED}${path}`, init)
      assert.deepEqual(fromHandlers, fromRealServer)
    })
  }
})
