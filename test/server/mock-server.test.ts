// createMockServer() from mocklib/server: handlers served over real HTTP, called by real clients in other
// processes (curl, Node's fetch in a child process) and by node:http where timing inside one process matters.
import { request as httpRequest, createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { delay, graphql, http, HttpResponse, passthrough } from 'mocklib'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../../src/api/server.js'
import { curl, inChildProcess } from './clients.js'

const handlers = [
  http.get('/users', () => HttpResponse.json([{ id: 1, name: 'Ada' }])),
  http.post('/users', async ({ request }) => HttpResponse.json({ created: await request.json() }, { status: 201 })),
  http.get('/me', ({ cookies }) =>
    cookies.session === 'abc'
      ? new HttpResponse('hello Ada', { headers: [['set-cookie', 'seen=1; Path=/'], ['set-cookie', 'theme=dark; HttpOnly']] })
      : new HttpResponse('who are you?', { status: 401 }),
  ),
  http.get('/logo.bin', () => HttpResponse.arrayBuffer(new Uint8Array([0, 255, 1, 254, 128]).buffer, { headers: { 'content-type': 'application/octet-stream' } })),
  http.get('/slow', async () => {
    await delay(200)
    return HttpResponse.text('late')
  }),
  http.get('/broken', () => HttpResponse.error()),
  http.get('/through', () => passthrough()),
  graphql.query('GetUser', ({ variables }) => HttpResponse.json({ data: { user: { id: variables.id, name: 'Ada' } } })),
  graphql.mutation('Rename', ({ variables }) => HttpResponse.json({ data: { rename: { name: variables.name } } })),
]

let server: MockServer
let upstream: Server
let upstreamUrl: string

beforeAll(async () => {
  // A real API the proxy sends unhandled and passthrough() requests to.
  upstream = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] }).end(JSON.stringify({ real: true, path: request.url, method: request.method }))
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
  server = await createMockServer(handlers)
})
afterEach(() => {
  server.resetHandlers()
  server.clearHistory()
})
afterAll(async () => {
  await server.close()
  await new Promise((resolve) => upstream.close(resolve))
})

describe('listening', () => {
  it('binds 127.0.0.1 on a free port by default', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(Number(new URL(server.url).port)).toBeGreaterThan(0)
  })

  it('says clearly that a port is in use', async () => {
    const port = Number(new URL(server.url).port)
    await expect(createMockServer([], { port })).rejects.toThrow(`[mocklib] Port ${port} is already in use`)
  })

  it('refuses a handler list that is not an array, and a proxy that is no URL', async () => {
    await expect(createMockServer(handlers[0] as never)).rejects.toThrow('[mocklib] createMockServer() takes an array of handlers')
    await expect(createMockServer([], { proxy: 'api.example.com' })).rejects.toThrow('[mocklib] The proxy "api.example.com" is no http(s) URL.')
  })
})

describe('http handlers over the wire', () => {
  it('answers curl with the mocked JSON, and journals the handler that answered', async () => {
    const answer = await curl(`${server.url}/users`)
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toEqual(['application/json'])
    expect(JSON.parse(answer.body)).toEqual([{ id: 1, name: 'Ada' }])
    expect(server.history()).toMatchObject([{ method: 'GET', url: `${server.url}/users`, status: 200, outcome: 'mocked', handler: { kind: 'http', header: 'GET /users' } }])
  })

  it('reads a request body sent by Node fetch in another process', async () => {
    const result = await inChildProcess<{ status: number; body: unknown }>(`
      const response = await fetch('${server.url}/users', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Grace' }) })
      console.log(JSON.stringify({ status: response.status, body: await response.json() }))`)
    expect(result).toEqual({ status: 201, body: { created: { name: 'Grace' } } })
    expect(server.history()[0]?.request.body?.text).toBe('{"name":"Grace"}')
  })

  it('reads cookies the client sends and sends each Set-Cookie on its own line', async () => {
    const denied = await curl(`${server.url}/me`)
    expect(denied.status).toBe(401)
    const answer = await curl('-b', 'session=abc', `${server.url}/me`)
    expect(answer.status).toBe(200)
    expect(answer.body).toBe('hello Ada')
    expect(answer.headers['set-cookie']).toEqual(['seen=1; Path=/', 'theme=dark; HttpOnly'])
  })

  it('sends a binary body byte for byte', async () => {
    const bytes = await inChildProcess<number[]>(`
      const response = await fetch('${server.url}/logo.bin')
      console.log(JSON.stringify([...new Uint8Array(await response.arrayBuffer())]))`)
    expect(bytes).toEqual([0, 255, 1, 254, 128])
  })

  it('streams a body: the client reads the first chunk before the resolver writes the second', async () => {
    let releaseSecond!: () => void
    const secondMayGo = new Promise<void>((resolve) => (releaseSecond = resolve))
    server.use(
      http.get('/stream', () => {
        const encoder = new TextEncoder()
        const stream = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(encoder.encode('first;'))
            await secondMayGo
            controller.enqueue(encoder.encode('second'))
            controller.close()
          },
        })
        return new HttpResponse(stream, { headers: { 'content-type': 'text/plain' } })
      }),
    )
    const chunks = await new Promise<string[]>((resolve, reject) => {
      httpRequest(`${server.url}/stream`, (response) => {
        const received: string[] = []
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          received.push(chunk)
          // Only a streamed answer lets the client see this before the rest exists.
          if (received.length === 1) releaseSecond()
        })
        response.on('end', () => resolve(received))
      })
        .on('error', reject)
        .end()
    })
    expect(chunks).toEqual(['first;', 'second'])
  })

  it('waits for delay() before answering', async () => {
    const started = performance.now()
    const answer = await curl(`${server.url}/slow`)
    expect(answer.body).toBe('late')
    expect(performance.now() - started).toBeGreaterThanOrEqual(190)
  })

  it('destroys the socket for HttpResponse.error(): curl gets an empty reply, fetch a network error', async () => {
    const answer = await curl(`${server.url}/broken`)
    // curl's exit code 52: "Empty reply from server".
    expect(answer.exitCode).toBe(52)
    const failure = await inChildProcess<string>(`
      try { await fetch('${server.url}/broken'); console.log(JSON.stringify('answered')) }
      catch (error) { console.log(JSON.stringify(error.name + ': ' + error.message)) }`)
    expect(failure).toBe('TypeError: fetch failed')
    expect(server.history().map((entry) => [entry.status, entry.outcome])).toEqual([
      [0, 'mocked'],
      [0, 'mocked'],
    ])
  })

  it('applies use() overrides first, and resetHandlers() removes them', async () => {
    server.use(http.get('/users', () => HttpResponse.json([])))
    expect((await curl(`${server.url}/users`)).body).toBe('[]')
    server.resetHandlers()
    expect(JSON.parse((await curl(`${server.url}/users`)).body)).toHaveLength(1)
  })
})

describe('graphql over the wire', () => {
  it('answers a query over POST and over GET, and a mutation over POST', async () => {
    const query = 'query GetUser($id: ID!) { user(id: $id) { id name } }'
    const posted = await curl('-H', 'content-type: application/json', '--data', JSON.stringify({ query, variables: { id: '7' } }), `${server.url}/graphql`)
    expect(JSON.parse(posted.body)).toEqual({ data: { user: { id: '7', name: 'Ada' } } })
    const search = new URLSearchParams({ query, variables: JSON.stringify({ id: '8' }) })
    const got = await curl(`${server.url}/graphql?${search}`)
    expect(JSON.parse(got.body)).toEqual({ data: { user: { id: '8', name: 'Ada' } } })
    const mutation = 'mutation Rename($name: String!) { rename(name: $name) { name } }'
    const renamed = await curl('-H', 'content-type: application/json', '--data', JSON.stringify({ query: mutation, variables: { name: 'Bob' } }), `${server.url}/graphql`)
    expect(JSON.parse(renamed.body)).toEqual({ data: { rename: { name: 'Bob' } } })
    expect(server.history().map((entry) => entry.handler?.header)).toEqual(['query GetUser (origin: *)', 'query GetUser (origin: *)', 'mutation Rename (origin: *)'])
  })
})

describe('unhandled requests and passthrough()', () => {
  it('answers an unhandled request 404 with a body that says why and what to do', async () => {
    const answer = await curl(`${server.url}/nothing?x=1`)
    expect(answer.status).toBe(404)
    expect(answer.body).toBe('[mocklib] No handler matched GET /nothing?x=1, and the mock server has no proxy to send it to. Add a handler for it, or start the server with a proxy origin (--proxy <origin>).')
    expect(server.history()).toMatchObject([{ status: 404, outcome: 'unhandled' }])
    expect(server.history()[0]?.handler).toBeUndefined()
  })

  it('sends unhandled and passthrough() requests to the proxy, and records what it answered', async () => {
    const proxied = await createMockServer(handlers, { proxy: upstreamUrl })
    try {
      const recording = proxied.record()
      const unhandled = await curl('-X', 'DELETE', `${proxied.url}/nothing?x=1`)
      expect(JSON.parse(unhandled.body)).toEqual({ real: true, path: '/nothing?x=1', method: 'DELETE' })
      expect(unhandled.headers['set-cookie']).toEqual(['a=1', 'b=2'])
      const through = await curl(`${proxied.url}/through`)
      expect(JSON.parse(through.body)).toEqual({ real: true, path: '/through', method: 'GET' })
      const mocked = await curl(`${proxied.url}/users`)
      expect(mocked.status).toBe(200)
      expect(proxied.history().map((entry) => [entry.outcome, entry.status])).toEqual([
        ['unhandled', 200],
        ['passthrough', 200],
        ['mocked', 200],
      ])
      const har = await recording.stop()
      expect(har.log.entries.map((entry) => `${entry.request.method} ${new URL(entry.request.url).pathname} ${entry.response.status}`)).toEqual(['DELETE /nothing 200', 'GET /through 200'])
    } finally {
      await proxied.close()
    }
  })

  it('serves absolute-URL handlers under the origin rule: /https://host/path', async () => {
    server.use(http.get('https://api.example.com/users/:id', ({ params }) => HttpResponse.json({ id: params.id })))
    const answer = await curl(`${server.url}/https://api.example.com/users/3`)
    expect(JSON.parse(answer.body)).toEqual({ id: '3' })
    // The relative handler matches it too, as it matches any origin.
    expect(JSON.parse((await curl(`${server.url}/https://api.example.com/users`)).body)).toEqual([{ id: 1, name: 'Ada' }])
  })

  it('serves several origins from one port by Host: each origin its own handlers, relative ones on any', async () => {
    server.use(
      http.get('https://api.example.com/who', () => HttpResponse.text('api')),
      http.get('https://auth.example.com/who', () => HttpResponse.text('auth')),
      http.get('http://legacy.example.com/who', () => HttpResponse.text('legacy over http')),
      http.get('/echo', ({ request }) => HttpResponse.text(request.url)),
    )
    const port = new URL(server.url).port
    const asHost = (host: string, path: string, ...extra: string[]) => curl('-H', `Host: ${host}`, ...extra, `${server.url}${path}`)
    expect((await asHost('api.example.com', '/who')).body).toBe('api')
    expect((await asHost('auth.example.com', '/who')).body).toBe('auth')
    // Behind a proxy that ended TLS (or a plain-http origin): X-Forwarded-Proto says which.
    expect((await asHost('legacy.example.com', '/who', '-H', 'X-Forwarded-Proto: http')).body).toBe('legacy over http')
    // Relative handlers match any origin; the server's own port under any name, or a loopback name, is its own origin.
    expect((await asHost('api.example.com', '/echo?x=1')).body).toBe('https://api.example.com/echo?x=1')
    expect((await asHost(`10.1.2.3:${port}`, '/echo')).body).toBe(`http://10.1.2.3:${port}/echo`)
    expect((await asHost('localhost:8080', '/echo')).body).toBe('http://localhost:8080/echo')
    // The server's own origin does not reach absolute handlers; an unhandled request by Host is never sent to that host.
    expect((await curl(`${server.url}/who`)).status).toBe(404)
    const unhandled = await asHost('api.example.com', '/nothing')
    expect([unhandled.status, unhandled.headers['x-mocklib-unhandled']]).toEqual([404, ['true']])
    // A client in another process that only knows the origin: Node's fetch cannot set Host, node:http can.
    const fromChild = await inChildProcess<string>(`
      import { request } from 'node:http'
      const body = await new Promise((resolve) => request('${server.url}/who', { headers: { host: 'auth.example.com' } }, (response) => {
        let text = ''
        response.on('data', (chunk) => (text += chunk)).on('end', () => resolve(text))
      }).end())
      console.log(JSON.stringify(body))`)
    expect(fromChild).toBe('auth')
  })
})

describe('safety and browsers', () => {
  it('answers a CORS preflight, and puts CORS headers on the answer', async () => {
    const preflight = await curl('-X', 'OPTIONS', '-H', 'Origin: http://localhost:5173', '-H', 'Access-Control-Request-Method: POST', '-H', 'Access-Control-Request-Headers: content-type, x-token', `${server.url}/users`)
    expect(preflight.status).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toEqual(['http://localhost:5173'])
    expect(preflight.headers['access-control-allow-methods']).toEqual(['POST'])
    expect(preflight.headers['access-control-allow-headers']).toEqual(['content-type, x-token'])
    expect(preflight.headers['access-control-allow-credentials']).toEqual(['true'])
    const answer = await curl('-H', 'Origin: http://localhost:5173', `${server.url}/users`)
    expect(answer.headers['access-control-allow-origin']).toEqual(['http://localhost:5173'])
    expect(answer.headers['access-control-expose-headers']).toEqual(['content-length, content-type'])
    expect(server.history().map((entry) => entry.outcome)).toEqual(['preflight', 'mocked'])
  })

  it('answers 413 to a body above maxBodyBytes, before any handler runs', async () => {
    let reached = false
    const small = await createMockServer([http.post('/upload', () => ((reached = true), HttpResponse.text('ok')))], { maxBodyBytes: 100 })
    try {
      const declared = await curl('--data-binary', 'x'.repeat(1000), `${small.url}/upload`)
      expect(declared.status).toBe(413)
      expect(declared.body).toContain('[mocklib] The request body is larger than 100 bytes.')
      const chunked = await curl('-H', 'transfer-encoding: chunked', '--data-binary', 'y'.repeat(1000), `${small.url}/upload`)
      expect(chunked.status).toBe(413)
      expect((await curl('--data-binary', 'z'.repeat(100), `${small.url}/upload`)).body).toBe('ok')
      expect(small.history().map((entry) => [entry.status, entry.outcome])).toEqual([
        [413, 'refused'],
        [413, 'refused'],
        [200, 'mocked'],
      ])
      expect(reached).toBe(true)
    } finally {
      await small.close()
    }
  })

  it('keeps the last historyLimit requests only', async () => {
    const ring = await createMockServer(handlers, { historyLimit: 3 })
    try {
      for (const id of [1, 2, 3, 4, 5]) await curl(`${ring.url}/users?n=${id}`)
      expect(ring.history().map((entry) => new URL(entry.url).search)).toEqual(['?n=3', '?n=4', '?n=5'])
    } finally {
      await ring.close()
    }
  })
})
