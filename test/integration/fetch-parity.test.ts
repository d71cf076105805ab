// The parity table: every fetch behaviour observed through the fetch fast path,
// through the socket layer, and against a real 127.0.0.1 server, with the same
// expectations. The answers are written once (support/parity-routes.ts).
// undici's own request/fetch and raw dispatch handlers go through the same table.
import { http } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { inspect } from 'node:util'
import { gunzipSync } from 'node:zlib'
import { fetch as undiciFetch, getGlobalDispatcher, request as undiciRequest } from 'undici'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { serverDefaults } from '../../src/api/setup-server.js'
import type { FetchLayer } from '../../src/kernel/node/index.js'
import { captureConsole, failOnUnhandledRejection } from './support/harness.js'
import { answer, startRealServer, streamLog } from './support/parity-routes.js'

failOnUnhandledRejection()

interface Target {
  readonly name: string
  a: string
  b: string
  start(): Promise<void>
  stop(): Promise<void>
}

function mockedTarget(layer: FetchLayer): Target {
  const a = 'http://a.parity.test'
  const b = 'http://b.parity.test'
  const server = setupServer(
    http.all(`${a}/*`, ({ request }) => answer(request, b)),
    http.all(`${b}/*`, ({ request }) => answer(request, a)),
  )
  let before: FetchLayer | undefined
  return {
    name: `mocked, ${layer} layer`,
    a,
    b,
    async start() {
      before = serverDefaults.fetchLayer
      serverDefaults.fetchLayer = layer
      server.listen({ onUnhandledRequest: 'error' })
    },
    async stop() {
      server.close()
      serverDefaults.fetchLayer = before
    },
  }
}

function realTarget(): Target {
  let closers: Array<() => Promise<void>> = []
  const target: Target = {
    name: 'real 127.0.0.1 server',
    a: '',
    b: '',
    async start() {
      const first = await startRealServer(() => target.b)
      const second = await startRealServer(() => target.a)
      target.a = first.origin
      target.b = second.origin
      closers = [first.close, second.close]
    },
    async stop() {
      await Promise.all(closers.map((close) => close()))
    },
  }
  return target
}

const targets: Target[] = [mockedTarget('fast'), mockedTarget('socket'), realTarget()]

/** What a client sees of a response, with the two origins written as A and B. */
async function seen(target: Target, response: Response) {
  return {
    status: response.status,
    statusText: response.statusText,
    url: names(target, response.url),
    redirected: response.redirected,
    type: response.type,
    contentType: response.headers.get('content-type'),
    contentEncoding: response.headers.get('content-encoding'),
    location: response.headers.get('location'),
    body: await response.text(),
  }
}

function names(target: Target, text: string): string {
  return text.split(target.a).join('A').split(target.b).join('B')
}

/** The rejection of `promise`: its type, message, and the message of its cause. */
async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  if (!(error instanceof Error)) return { rejected: false }
  const cause = (error as { cause?: unknown }).cause
  return { name: error.name, type: error.constructor.name, message: error.message, cause: cause instanceof Error ? cause.message : cause === undefined ? undefined : String(cause) }
}

const ok = { status: 200, statusText: 'OK', redirected: false, type: 'basic', contentEncoding: null, location: null }

describe.each(targets)('fetch parity: $name', (target) => {
  beforeAll(() => target.start())
  afterAll(() => target.stop())
  const get = (path: string, init?: RequestInit) => fetch(`${target.a}${path}`, init)

  it('a plain answer: status, statusText, url, type, headers, body', async () => {
    expect(await seen(target, await get('/text'))).toEqual({ ...ok, url: 'A/text', contentType: 'text/plain', body: 'hello' })
  })

  it('statusText: the standard reason phrase when none was given, the given one otherwise', async () => {
    expect((await get('/not-found')).statusText).toBe('Not Found')
    expect((await get('/custom-status')).statusText).toBe('Fine Indeed')
    expect((await get('/not-modified')).statusText).toBe('Not Modified')
  })

  it.each([
    ['/gzip', 'gzip', 'zipped text'],
    ['/deflate', 'deflate', 'deflated text'],
    ['/br', 'br', 'brotli text'],
    ['/gzip-br', 'gzip, br', 'twice'],
  ])('%s: the body is decoded, content-encoding stays', async (path, encoding, body) => {
    const response = await get(path)
    expect([response.headers.get('content-encoding'), await response.text()]).toEqual([encoding, body])
  })

  it('follows redirects: url, redirected', async () => {
    expect(await seen(target, await get('/hops/3'))).toEqual({ ...ok, redirected: true, url: 'A/hops/0', contentType: 'text/plain;charset=UTF-8', body: 'arrived GET' })
  })

  it('follows 20 redirects and refuses the 21st', async () => {
    expect(await (await get('/hops/20')).text()).toBe('arrived GET')
    expect(await rejection(get('/hops/21'))).toEqual({ name: 'TypeError', type: 'TypeError', message: 'fetch failed', cause: 'redirect count exceeded' })
  })

  it("redirect: 'manual' gives the redirect itself", async () => {
    expect(await seen(target, await get('/hops/1', { redirect: 'manual' }))).toEqual({
      ...ok,
      status: 302,
      statusText: 'Found',
      url: 'A/hops/1',
      contentType: null,
      location: '/hops/0',
      body: '',
    })
  })

  it("redirect: 'error' rejects", async () => {
    expect(await rejection(get('/hops/1', { redirect: 'error' }))).toEqual({ name: 'TypeError', type: 'TypeError', message: 'fetch failed', cause: 'unexpected redirect' })
  })

  it('303 and 301 turn a POST into a GET without body; 307 keeps method and body', async () => {
    const post = { method: 'POST', body: 'payload', headers: { 'content-type': 'text/plain' } }
    expect(await (await get('/see-other', post)).json()).toMatchObject({ method: 'GET', body: '', contentType: '' })
    expect(await (await get('/moved-post', post)).json()).toMatchObject({ method: 'GET', body: '', contentType: '' })
    expect(await (await get('/temporary', post)).json()).toMatchObject({ method: 'POST', body: 'payload', contentType: 'text/plain' })
  })

  it('a cross-origin redirect drops the credentials headers and keeps the others', async () => {
    const response = await get('/cross', { headers: { cookie: 'secret=1', authorization: 'Bearer t', 'proxy-authorization': 'Basic p', 'x-custom': 'kept' } })
    expect(names(target, response.url)).toBe('B/echo')
    expect(await response.json()).toMatchObject({ cookie: null, authorization: null, proxyAuthorization: null, custom: 'kept' })
  })

  it('a redirect to a non-HTTP(S) URL is refused', async () => {
    expect(await rejection(get('/to-data'))).toEqual({ name: 'TypeError', type: 'TypeError', message: 'fetch failed', cause: 'URL scheme must be a HTTP(S) scheme' })
  })

  it('Set-Cookie: every cookie is kept', async () => {
    expect((await get('/cookies')).headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; HttpOnly'])
  })

  it('HEAD: headers without body', async () => {
    const response = await get('/text', { method: 'HEAD' })
    expect([response.status, response.headers.get('content-type'), response.body, await response.text()]).toEqual([200, 'text/plain', null, ''])
  })

  it('204 and 304 have no body', async () => {
    for (const path of ['/no-content', '/not-modified']) {
      const response = await get(path)
      expect([response.body, await response.text()]).toEqual([null, ''])
    }
  })

  it('a streamed body arrives whole', async () => {
    expect(await (await get('/stream')).text()).toBe('chunk0;chunk1;chunk2;chunk3;chunk4;')
  })

  it('abort before the request: rejects with the signal reason', async () => {
    expect(await rejection(get('/text', { signal: AbortSignal.abort() }))).toMatchObject({ name: 'AbortError', message: 'This operation was aborted' })
    const reason = new Error('stop now')
    const controller = new AbortController()
    controller.abort(reason)
    await expect(get('/text', { signal: controller.signal })).rejects.toBe(reason)
  })

  it('abort while waiting for the answer: rejects with the signal reason', async () => {
    const controller = new AbortController()
    const pending = get('/slow', { signal: controller.signal })
    setTimeout(() => controller.abort(), 30)
    expect(await rejection(pending)).toMatchObject({ name: 'AbortError', message: 'This operation was aborted' })
  })

  it('abort during the body: the read rejects with the reason and the streamed answer is cancelled', async () => {
    const cancelledBefore = streamLog.cancelled
    const controller = new AbortController()
    const response = await get('/stream', { signal: controller.signal })
    const reader = response.body!.getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('chunk0;')
    controller.abort()
    expect(await rejection(reader.read())).toMatchObject({ name: 'AbortError', message: 'This operation was aborted' })
    await vi.waitFor(() => expect(streamLog.cancelled).toBe(cancelledBefore + 1))
  })

  it.each([
    ['a string', (): BodyInit => 'text body', 'text/plain;charset=UTF-8', 'text body'],
    ['a Blob', (): BodyInit => new Blob(['blob body'], { type: 'application/x-blob' }), 'application/x-blob', 'blob body'],
    ['URLSearchParams', (): BodyInit => new URLSearchParams({ a: '1', b: 'two' }), 'application/x-www-form-urlencoded;charset=UTF-8', 'a=1&b=two'],
    [
      'FormData',
      (): BodyInit => {
        const form = new FormData()
        form.append('field', 'value')
        form.append('file', new Blob(['file content'], { type: 'text/plain' }), 'a.txt')
        return form
      },
      'multipart/form-data; boundary=BOUNDARY',
      '--BOUNDARY\r\nContent-Disposition: form-data; name="field"\r\n\r\nvalue\r\n--BOUNDARY\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nfile content\r\n--BOUNDARY--\r\n',
    ],
    [
      'a ReadableStream (duplex: half)',
      (): BodyInit =>
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('streamed '))
            controller.enqueue(new TextEncoder().encode('upload'))
            controller.close()
          },
        }),
      null,
      'streamed upload',
    ],
  ] as const)('request body: %s', async (_kind, body, contentType, text) => {
    const response = await get('/echo', { method: 'POST', body: body(), duplex: 'half' } as RequestInit)
    expect(await response.json()).toMatchObject({ method: 'POST', contentType: contentType ?? '', body: text })
  })

  it.each([
    ['a string that is not a URL', () => fetch('not a url'), 'Failed to parse URL from not a url'],
    ['a HEAD with a body', () => get('/text', { method: 'HEAD', body: 'x' }), 'Request with GET/HEAD method cannot have body.'],
    ['a GET with a body', () => get('/text', { body: 'x' }), 'Request with GET/HEAD method cannot have body.'],
    ['an invalid header name', () => get('/text', { headers: { 'bad name': 'x' } }), 'Headers.append: "bad name" is an invalid header name.'],
    ['an invalid method', () => get('/text', { method: 'BAD METHOD' }), "'BAD METHOD' is not a valid HTTP method."],
    ['a forbidden method', () => get('/text', { method: 'CONNECT' }), "'CONNECT' HTTP method is unsupported."],
    [
      'a URL with credentials',
      () => fetch(`${target.a.replace('//', '//user:pw@')}/text`),
      () => `Request cannot be constructed from a URL that includes credentials: ${target.a.replace('//', '//user:pw@')}/text`,
    ],
  ])('invalid input returns a rejected promise, never throws: %s', async (_kind, call, text) => {
    let promise: Promise<unknown> | undefined
    expect(() => (promise = call())).not.toThrow()
    const failure = await rejection(promise!)
    expect(failure).toMatchObject({ name: 'TypeError', type: 'TypeError' })
    expect(failure.message).toBe(typeof text === 'function' ? text() : text)
  })
})

interface HandlerRecord {
  status: number
  statusText: string
  headers: Record<string, unknown>
  body: string
  ended: boolean
  error: unknown
}

/** An undici dispatch handler of the given shape, and what it received once the response ended or failed. */
function recordingHandler(shape: 'legacy' | 'controller'): { handler: object; done: Promise<HandlerRecord> } {
  const record: HandlerRecord = { status: 0, statusText: '', headers: {}, body: '', ended: false, error: undefined }
  const chunks: Buffer[] = []
  let finish: () => void = () => {}
  const done = new Promise<HandlerRecord>((resolve) => {
    finish = () => resolve({ ...record, body: Buffer.concat(chunks).toString() })
  })
  const end = () => {
    record.ended = true
    finish()
  }
  const fail = (error: unknown) => {
    record.error = error
    finish()
  }
  const legacy = {
    onConnect() {},
    onHeaders(status: number, raw: Buffer[], _resume: () => void, statusText: string) {
      Object.assign(record, { status, statusText })
      for (let index = 0; index < raw.length; index += 2) record.headers[raw[index]!.toString().toLowerCase()] = raw[index + 1]!.toString()
      return true
    },
    onData(chunk: Buffer) {
      chunks.push(chunk)
      return true
    },
    onComplete: end,
    onError: fail,
  }
  const controller = {
    onRequestStart() {},
    onResponseStart(_controller: unknown, status: number, headers: Record<string, unknown>, statusText: string) {
      Object.assign(record, { status, statusText, headers })
    },
    onResponseData: (_controller: unknown, chunk: Buffer) => void chunks.push(chunk),
    onResponseEnd: end,
    onResponseError: (_controller: unknown, error: unknown) => fail(error),
  }
  return { handler: shape === 'legacy' ? legacy : controller, done }
}

// undici 7 (Node 24) takes handlers of both shapes; undici 6 (Node 22) only the legacy one.
const handlerShapes: Array<'legacy' | 'controller'> = Number(process.versions.undici?.split('.')[0]) >= 7 ? ['legacy', 'controller'] : ['legacy']

describe.each(targets)('undici parity: $name', (target) => {
  beforeAll(() => target.start())
  afterAll(() => target.stop())

  it('undici.request: status, headers, the body as sent (undici.request does not decode)', async () => {
    const plain = await undiciRequest(`${target.a}/text`)
    expect([plain.statusCode, plain.headers['content-type'], await plain.body.text()]).toEqual([200, 'text/plain', 'hello'])
    const zipped = await undiciRequest(`${target.a}/gzip`)
    expect([zipped.headers['content-encoding'], gunzipSync(Buffer.from(await zipped.body.arrayBuffer())).toString()]).toEqual(['gzip', 'zipped text'])
    const head = await undiciRequest(`${target.a}/text`, { method: 'HEAD' })
    expect([head.statusCode, head.headers['content-type'], await head.body.text()]).toEqual([200, 'text/plain', ''])
    const cookies = await undiciRequest(`${target.a}/cookies`)
    await cookies.body.dump()
    expect(cookies.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; HttpOnly'])
  })

  it('undici.request: a POST body reaches the answer; a redirect is returned as it is', async () => {
    const echoed = await undiciRequest(`${target.a}/echo`, { method: 'POST', body: 'sent', headers: { 'content-type': 'text/plain' } })
    expect(await echoed.body.json()).toMatchObject({ method: 'POST', body: 'sent', contentType: 'text/plain' })
    const moved = await undiciRequest(`${target.a}/hops/1`)
    await moved.body.dump()
    expect([moved.statusCode, moved.headers.location]).toEqual([302, '/hops/0'])
  })

  it('undici.fetch: decodes, follows redirects, strips credentials across origins', async () => {
    expect(await (await undiciFetch(`${target.a}/gzip-br`)).text()).toBe('twice')
    const followed = await undiciFetch(`${target.a}/hops/2`)
    expect([names(target, followed.url), followed.redirected, await followed.text()]).toEqual(['A/hops/0', true, 'arrived GET'])
    const crossed = await undiciFetch(`${target.a}/cross`, { headers: { authorization: 'Bearer t', 'x-custom': 'kept' } })
    expect(await crossed.json()).toMatchObject({ authorization: null, custom: 'kept' })
    expect((await undiciFetch(`${target.a}/not-found`)).statusText).toBe('Not Found')
  })

  it.each(handlerShapes)('the global dispatcher answers a %s handler', async (shape) => {
    const { handler, done } = recordingHandler(shape)
    const url = new URL(`${target.a}/text`)
    getGlobalDispatcher().dispatch({ origin: url.origin, path: url.pathname, method: 'GET', headers: {} }, handler as never)
    expect(await done).toMatchObject({ status: 200, statusText: 'OK', body: 'hello', ended: true, error: undefined, headers: { 'content-type': 'text/plain' } })
  })
})

describe('network errors and the unhandled-request policy on the fast path (as msw 2)', () => {
  const server = setupServer(http.get('http://errors.parity.test/network', () => Response.error()))
  beforeAll(() => {
    serverDefaults.fetchLayer = 'fast'
    server.listen({ onUnhandledRequest: 'error' })
  })
  afterAll(() => {
    server.close()
    serverDefaults.fetchLayer = undefined
  })

  it("Response.error() rejects with TypeError('Failed to fetch') whose cause prints as what it is", async () => {
    const error = await fetch('http://errors.parity.test/network').catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(TypeError)
    expect((error as Error).message).toBe('Failed to fetch')
    expect((error as Error).cause).toBeInstanceOf(Response)
    expect(inspect(error)).not.toContain('[object Response]')
    expect(String((error as Error).cause)).toContain('Response.error()')
  })

  it("an unhandled request under 'error' rejects with a message that names it and says what to do", async () => {
    const console = captureConsole()
    try {
      const error = await fetch('http://errors.parity.test/nobody').catch((thrown: unknown) => thrown)
      expect(error).toBeInstanceOf(TypeError)
      expect((error as Error).message).toMatch(/^\[mocklib\].*GET http:\/\/errors\.parity\.test\/nobody.*Add a request handler/s)
    } finally {
      console.restore()
    }
  })
})
