/**
 * The environment grid: the same requests, made the way an application under
 * test makes them, in every test environment of Vitest and Jest (node, jsdom,
 * jest-fixed-jsdom, happy-dom, edge-runtime). Each environment runs the test
 * file in its own global object, often a `vm` context, with Fetch, DOM and
 * stream classes of its own realm; mocklib must intercept global fetch, XHR,
 * node:http and WebSocket there, resolve relative URLs against the page, and
 * accept the environment's objects as inputs, bodies and signals.
 *
 * Written once for both runners: each spec file passes its runner's functions.
 * A real 127.0.0.1 server is the reference for passthrough.
 */
import axios from 'axios'
import { createServer, request as httpRequest, type Server } from 'node:http'
import { graphql, http, HttpResponse, passthrough, ws } from 'mocklib'
import { setupServer } from 'mocklib/node'

/** The runner functions the grid needs (Vitest's and `@jest/globals`' both fit). */
export interface Runner {
  describe(name: string, body: () => void): void
  it(name: string, body: () => Promise<void> | void): void
  beforeAll(body: () => Promise<void> | void): void
  afterAll(body: () => Promise<void> | void): void
  afterEach(body: () => Promise<void> | void): void
  // Each runner's `expect` has its own (compatible) types.
  expect: (actual: unknown) => any
}

export interface Environment {
  /** How the spec file names the environment. */
  readonly name: string
  /** A page: `location`, `document` and XMLHttpRequest. */
  readonly dom: boolean
  /** A global fetch (Jest's plain jsdom has none). */
  readonly fetch: boolean
  /**
   * Why the global fetch cannot reach the network in this environment, when it
   * cannot (undici's npm package under Jest's jsdom runs on jsdom's timers,
   * which have no `unref`): its passthrough test is left out, with or without mocklib.
   */
  readonly fetchOffline?: string
}

const API = 'http://api.grid.test'

type Global = Record<string, any>

/** The class `name` as the test's code sees it: the environment's, from its global (or `window`). */
function own(name: string): any {
  const value = (globalThis as Global)[name] ?? (globalThis as Global).window?.[name]
  if (typeof value !== 'function') throw new Error(`The environment has no ${name}`)
  return value
}

/**
 * Registers the grid's tests with `runner` for `environment`.
 *
 * @example
 * environmentGrid({ describe, it, beforeAll, afterAll, afterEach, expect }, { name: 'happy-dom', dom: true, fetch: true })
 */
export function environmentGrid(runner: Runner, environment: Environment): void {
  const { describe, it, beforeAll, afterAll, afterEach, expect } = runner
  let real: Server | undefined
  let origin = ''

  const echo = async ({ request }: { request: Request }) =>
    HttpResponse.json({
      url: request.url,
      method: request.method,
      contentType: request.headers.get('content-type'),
      header: request.headers.get('x-grid'),
      body: request.method === 'GET' || request.method === 'HEAD' ? null : await request.text(),
    })

  const server = setupServer(
    http.all(`${API}/echo`, echo),
    http.all('/page/echo', echo),
    // The multipart body as sent, read as text: Vitest's jsdom puts jsdom's File on the
    // global, which Node's own multipart parser (request.formData()) then refuses.
    http.post(`${API}/form`, async ({ request }) => {
      const body = await request.text()
      const part = (name: string) => new RegExp(`name="${name}"(?:; filename="([^"]*)")?\\r\\n(?:[^\\r\\n]+\\r\\n)*\\r\\n([^\\r]*)`).exec(body)
      const field = part('field')
      const file = part('file')
      return HttpResponse.json({ multipart: request.headers.get('content-type')?.startsWith('multipart/form-data;') ?? false, field: field?.[2] ?? null, file: file?.[2] ?? null, fileName: file?.[1] ?? null })
    }),
    // Long enough for the abort tests, short and abort-aware so that no timer outlives them.
    http.get(`${API}/slow`, async ({ request }) => {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 800)
        request.signal.addEventListener('abort', () => {
          clearTimeout(timer)
          resolve()
        })
      })
      return HttpResponse.text('too late')
    }),
    http.get(`${API}/cookie`, () => HttpResponse.text('with a cookie', { headers: { 'set-cookie': 'grid=1; Path=/' } })),
    http.get(`${API}/moved`, () => new HttpResponse(null, { status: 302, headers: { location: `${API}/echo` } })),
    http.all('http://127.0.0.1:*/*', () => passthrough()),
    graphql.query('GridUser', ({ variables }) => HttpResponse.json({ data: { user: { id: variables.id, name: 'Grace' } } })),
    ws.link('ws://ws.grid.test/chat').addEventListener('connection', ({ client }) => {
      client.addEventListener('message', (event) => client.send(`echo:${String(event.data)}`))
    }),
  )

  beforeAll(async () => {
    real = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        // A page's fetch and XHR apply CORS: the reference server allows every origin.
        response.setHeader('access-control-allow-origin', '*')
        response.setHeader('content-type', 'text/plain')
        response.end(`real ${request.method} ${request.url} ${Buffer.concat(chunks).toString('utf8')}`.trim())
      })
    })
    await new Promise<void>((resolve) => real!.listen(0, '127.0.0.1', resolve))
    const address = real.address()
    if (address === null || typeof address === 'string') throw new Error('the reference server has no port')
    origin = `http://127.0.0.1:${address.port}`
    server.listen({ onUnhandledRequest: 'error' })
  })
  afterEach(() => server.resetHandlers())
  afterAll(async () => {
    server.close()
    await new Promise<void>((resolve) => {
      real?.closeAllConnections()
      real?.close(() => resolve())
    })
  })

  describe(`${environment.name}: the environment`, () => {
    it(environment.fetch ? 'has a global fetch' : 'has no global fetch', () => {
      expect(typeof (globalThis as Global).fetch).toBe(environment.fetch ? 'function' : 'undefined')
    })
    it(environment.dom ? 'is a page, with XMLHttpRequest' : 'is not a page', () => {
      expect(typeof (globalThis as Global).location).toBe(environment.dom ? 'object' : 'undefined')
      expect(typeof (globalThis as Global).XMLHttpRequest).toBe(environment.dom ? 'function' : 'undefined')
    })
  })

  if (environment.fetch) fetchGrid(runner, environment, () => origin)
  if (environment.dom) xhrGrid(runner, () => origin)

  describe(`${environment.name}: node:http`, () => {
    it('answers from the handlers', async () => {
      const reply = await viaNodeHttp(`${API}/echo`, 'POST', 'sent')
      expect(reply.status).toBe(200)
      expect(JSON.parse(reply.body)).toMatchObject({ url: `${API}/echo`, method: 'POST', body: 'sent' })
    })
    it('passes through to the real server', async () => {
      const reply = await viaNodeHttp(`${origin}/plain`, 'POST', 'to the network')
      expect(reply.body).toBe('real POST /plain to the network')
    })
  })

  describe(`${environment.name}: WebSocket`, () => {
    it('the global WebSocket reaches ws.link handlers', async () => {
      const socket = new (own('WebSocket'))('ws://ws.grid.test/chat')
      const reply = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no echo within 3 s')), 3_000)
        socket.addEventListener('open', () => socket.send('hello'))
        socket.addEventListener('message', (event: MessageEvent) => {
          clearTimeout(timer)
          resolve(String(event.data))
        })
        socket.addEventListener('error', () => reject(new Error('socket error')))
      })
      socket.close()
      expect(reply).toBe('echo:hello')
    })
  })
}

function fetchGrid(runner: Runner, environment: Environment, origin: () => string): void {
  const { describe, it, expect } = runner
  const json = async (response: Response) => (await response.json()) as Record<string, unknown>

  describe(`${environment.name}: global fetch`, () => {
    it('answers from the handlers, with a Response of the environment', async () => {
      const response = await fetch(`${API}/echo`)
      expect(response).toBeInstanceOf(own('Response'))
      expect(response.status).toBe(200)
      expect(response.url).toBe(`${API}/echo`)
      expect(await json(response)).toMatchObject({ url: `${API}/echo`, method: 'GET' })
    })

    it('answers a GraphQL query', async () => {
      const response = await fetch(`${API}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query GridUser($id: ID!) { user(id: $id) { id name } }', variables: { id: 'u1' } }),
      })
      expect(await json(response)).toEqual({ data: { user: { id: 'u1', name: 'Grace' } } })
    })

    if (environment.fetchOffline === undefined) {
      it('passes through to the real server', async () => {
        const response = await fetch(`${origin()}/plain`, { method: 'POST', body: 'to the network' })
        expect(await response.text()).toBe('real POST /plain to the network')
      })
    }

    it('follows a mocked redirect to the next handler', async () => {
      const response = await fetch(`${API}/moved`)
      expect(response.status).toBe(200)
      expect(response.redirected).toBe(true)
      expect(await json(response)).toMatchObject({ url: `${API}/echo` })
    })

    it('gives a mocked Set-Cookie to the client as a server would', async () => {
      const response = await fetch(`${API}/cookie`)
      expect(await response.text()).toBe('with a cookie')
    })

    if (environment.dom) {
      it('resolves a relative URL against location.href', async () => {
        const response = await fetch('/page/echo')
        expect(await json(response)).toMatchObject({ url: new URL('/page/echo', location.href).href })
      })
    }

    it("aborting with the environment's AbortController rejects with signal.reason", async () => {
      const controller = new (own('AbortController'))()
      const pending = fetch(`${API}/slow`, { signal: controller.signal })
      const reason = new Error('the user left the page')
      setTimeout(() => controller.abort(reason), 20)
      await expect(pending).rejects.toBe(reason)
    })

    it("AbortSignal.timeout() rejects with the signal's TimeoutError", async () => {
      const signal = own('AbortSignal').timeout(30) as AbortSignal
      const error = await fetch(`${API}/slow`, { signal }).then(
        () => undefined,
        (thrown: unknown) => thrown,
      )
      expect(error).toBe(signal.reason)
      expect((error as Error).name).toBe('TimeoutError')
    })

    it("an aborted signal of the environment's rejects before any handler runs", async () => {
      const controller = new (own('AbortController'))()
      controller.abort()
      await expect(fetch(`${API}/echo`, { signal: controller.signal })).rejects.toBe(controller.signal.reason)
    })

    it("takes the environment's Request, with its body and headers", async () => {
      const request = new (own('Request'))(`${API}/echo`, { method: 'PUT', body: 'from a Request', headers: { 'x-grid': 'request' } })
      expect(await json(await fetch(request))).toMatchObject({ method: 'PUT', body: 'from a Request', header: 'request' })
    })

    it("takes the environment's Headers", async () => {
      const headers = new (own('Headers'))({ 'x-grid': 'headers' })
      expect(await json(await fetch(`${API}/echo`, { headers }))).toMatchObject({ header: 'headers' })
    })

    it("takes the environment's Blob as a body, with its type", async () => {
      const blob = new (own('Blob'))(['blob bytes'], { type: 'text/x-grid' })
      expect(await json(await fetch(`${API}/echo`, { method: 'POST', body: blob }))).toMatchObject({ body: 'blob bytes', contentType: 'text/x-grid' })
    })

    it("takes the environment's FormData, with a field and a file", async () => {
      const form = new (own('FormData'))()
      form.append('field', 'value')
      form.append('file', new (own('File'))(['file bytes'], 'notes.txt', { type: 'text/plain' }))
      // jest-fixed-jsdom pairs Node's FormData with jsdom's File, which that FormData stores as
      // the text "[object File]" (before any fetch); its Blob with a file name is Node's own.
      if (typeof form.get('file') === 'string') form.set('file', new (own('Blob'))(['file bytes'], { type: 'text/plain' }), 'notes.txt')
      expect(await json(await fetch(`${API}/form`, { method: 'POST', body: form }))).toEqual({ multipart: true, field: 'value', file: 'file bytes', fileName: 'notes.txt' })
    })

    it("takes the environment's URLSearchParams as a form body", async () => {
      const params = new (own('URLSearchParams'))({ q: 'grid', page: '2' })
      expect(await json(await fetch(`${API}/echo`, { method: 'POST', body: params }))).toMatchObject({
        body: 'q=grid&page=2',
        contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
      })
    })

    it("takes the environment's typed arrays and ArrayBuffer as bodies", async () => {
      const bytes = new TextEncoder().encode('typed')
      const view = new Uint8Array(bytes)
      expect(await json(await fetch(`${API}/echo`, { method: 'POST', body: view }))).toMatchObject({ body: 'typed' })
      expect(await json(await fetch(`${API}/echo`, { method: 'POST', body: view.buffer }))).toMatchObject({ body: 'typed' })
      const words = new Uint16Array([0x6968]) // "hi" in little-endian bytes
      expect(await json(await fetch(`${API}/echo`, { method: 'POST', body: words }))).toMatchObject({ body: 'hi' })
    })
  })
}

function xhrGrid(runner: Runner, origin: () => string): void {
  const { describe, it, expect } = runner
  describe('XMLHttpRequest (axios xhr adapter)', () => {
    it('answers a cross-origin request without CORS headers in the handler', async () => {
      const response = await axios.get(`${API}/echo`, { adapter: 'xhr' })
      expect(response.data).toMatchObject({ url: `${API}/echo`, method: 'GET' })
    })

    it("sends a body, with the environment's AbortController signal", async () => {
      const controller = new (own('AbortController'))()
      const response = await axios.post(`${API}/echo`, { posted: true }, { adapter: 'xhr', signal: controller.signal })
      expect(response.data).toMatchObject({ method: 'POST', body: '{"posted":true}', contentType: 'application/json' })
    })

    it('aborting cancels the request', async () => {
      const controller = new (own('AbortController'))()
      const pending = axios.get(`${API}/slow`, { adapter: 'xhr', signal: controller.signal })
      setTimeout(() => controller.abort(), 20)
      await expect(pending).rejects.toMatchObject({ code: 'ERR_CANCELED' })
    })

    it('answers a mocked response that sets a cookie', async () => {
      const response = await axios.get(`${API}/cookie`, { adapter: 'xhr' })
      expect(response.data).toBe('with a cookie')
    })

    it('resolves a relative URL against location.href', async () => {
      const response = await axios.get('/page/echo', { adapter: 'xhr' })
      expect(response.data).toMatchObject({ url: new URL('/page/echo', location.href).href })
    })

    it('passes through to the real server', async () => {
      const response = await axios.post(`${origin()}/plain`, 'to the network', { adapter: 'xhr', headers: { 'content-type': 'text/plain' } })
      expect(response.data).toBe('real POST /plain to the network')
    })
  })
}

function viaNodeHttp(url: string, method: string, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('error', reject)
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
    })
    request.on('error', reject)
    request.end(body)
  })
}
