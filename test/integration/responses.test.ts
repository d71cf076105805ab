// HttpResponse in every form, as real clients receive it.
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import nodeHttps from 'node:https'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { API, clients, viaFetch, viaNodeHttp } from './support/clients.js'
import { failOnUnhandledRejection } from './support/harness.js'

const server = setupServer()
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe.each(clients)('HttpResponse through %s', (_name, client) => {
  it('constructor: status, statusText, headers and body', async () => {
    server.use(http.get(`${API}/r`, () => new HttpResponse('created', { status: 202, headers: { 'x-custom': 'yes' } })))
    const reply = await client(`${API}/r`)
    expect(reply.status).toBe(202)
    expect(reply.headers['x-custom']).toBe('yes')
    expect(reply.body).toBe('created')
  })

  it('a null body with an error status', async () => {
    server.use(http.get(`${API}/r`, () => new HttpResponse(null, { status: 500 })))
    const reply = await client(`${API}/r`)
    expect([reply.status, reply.body]).toEqual([500, ''])
  })

  it.each([
    ['json', () => HttpResponse.json({ a: [1, 'b'] }), 'application/json', '{"a":[1,"b"]}'],
    ['text', () => HttpResponse.text('plain'), 'text/plain', 'plain'],
    ['xml', () => HttpResponse.xml('<a id="1"/>'), 'text/xml', '<a id="1"/>'],
    ['html', () => HttpResponse.html('<h1>Hi</h1>'), 'text/html', '<h1>Hi</h1>'],
    ['arrayBuffer', () => HttpResponse.arrayBuffer(new TextEncoder().encode('bytes').buffer), 'application/octet-stream', 'bytes'],
  ] as const)('%s sets its content type and body', async (_kind, make, contentType, body) => {
    server.use(http.get(`${API}/r`, make))
    const reply = await client(`${API}/r`)
    expect(reply.headers['content-type']).toBe(contentType)
    expect(reply.body).toBe(body)
  })

  it('keeps an explicit content type and status given in init', async () => {
    server.use(http.get(`${API}/r`, () => HttpResponse.json({ e: 1 }, { status: 422, headers: { 'Content-Type': 'application/problem+json' } })))
    const reply = await client(`${API}/r`)
    expect(reply.status).toBe(422)
    expect(reply.headers['content-type']).toBe('application/problem+json')
  })

  it('formData sends a multipart body with its boundary', async () => {
    server.use(
      http.get(`${API}/r`, () => {
        const form = new FormData()
        form.set('name', 'Ada')
        return HttpResponse.formData(form)
      }),
    )
    const reply = await client(`${API}/r`)
    expect(reply.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(reply.body).toContain('name="name"')
    expect(reply.body).toContain('Ada')
  })

  it('Set-Cookie headers reach the client, every one of them', async () => {
    server.use(
      http.get(`${API}/login`, () => {
        const headers = new Headers()
        headers.append('set-cookie', 'session=abc; Path=/; HttpOnly')
        headers.append('set-cookie', 'theme=dark')
        return new HttpResponse('ok', { headers })
      }),
    )
    const reply = await client(`${API}/login`)
    expect(reply.setCookie).toEqual(['session=abc; Path=/; HttpOnly', 'theme=dark'])
  })

  it('HttpResponse.error() makes the request fail as a network error', async () => {
    server.use(http.get(`${API}/down`, () => HttpResponse.error()))
    await expect(client(`${API}/down`)).rejects.toThrow()
    // Other requests keep working.
    server.use(http.get(`${API}/up`, () => HttpResponse.text('up')))
    expect((await client(`${API}/up`)).body).toBe('up')
  })
})

describe('HttpResponse.error() per client API', () => {
  it('fetch rejects with a TypeError', async () => {
    server.use(http.get(`${API}/down`, () => HttpResponse.error()))
    const error = await fetch(`${API}/down`).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(TypeError)
  })

  it("node:http emits 'error' on the request", async () => {
    server.use(http.get(`${API}/down`, () => HttpResponse.error()))
    const error = await new Promise<unknown>((resolve) => {
      const request = nodeHttps.get(`${API}/down`, () => resolve('got a response'))
      request.on('error', resolve)
    })
    expect(error).toBeInstanceOf(Error)
  })
})

describe('ReadableStream bodies', () => {
  const streamed = () => {
    const encoder = new TextEncoder()
    let n = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    return new HttpResponse(
      new ReadableStream<Uint8Array>({
        pull(controller) {
          return new Promise<void>((resolve) => {
            timer = setTimeout(() => {
              if (n === 3) controller.close()
              else controller.enqueue(encoder.encode(`chunk${n++};`))
              resolve()
            }, 30)
          })
        },
        cancel() {
          clearTimeout(timer)
        },
      }),
      { headers: { 'content-type': 'text/plain' } },
    )
  }

  it('fetch reads the body chunk by chunk, each as it is produced', async () => {
    server.use(http.get(`${API}/stream`, streamed))
    const response = await fetch(`${API}/stream`)
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    const chunks: Array<{ text: string; at: number }> = []
    const started = performance.now()
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      chunks.push({ text: decoder.decode(value), at: performance.now() - started })
    }
    expect(chunks.map((chunk) => chunk.text).join('')).toBe('chunk0;chunk1;chunk2;')
    expect(chunks.length).toBeGreaterThanOrEqual(2)
    // The first chunk arrives well before the last one was produced.
    expect(chunks[0]!.at).toBeLessThan(chunks[chunks.length - 1]!.at - 20)
  })

  it("node:http receives separate 'data' events", async () => {
    server.use(http.get(`${API}/stream`, streamed))
    const chunks = await new Promise<string[]>((resolve, reject) => {
      nodeHttps
        .get(`${API}/stream`, (response) => {
          const seen: string[] = []
          response.on('data', (chunk: Buffer) => seen.push(chunk.toString()))
          response.on('end', () => resolve(seen))
        })
        .on('error', reject)
    })
    expect(chunks.join('')).toBe('chunk0;chunk1;chunk2;')
    expect(chunks.length).toBeGreaterThanOrEqual(2)
  })

  it('every client gets the whole streamed body', async () => {
    server.use(http.get(`${API}/stream`, streamed))
    for (const [, client] of clients) expect((await client(`${API}/stream`)).body).toBe('chunk0;chunk1;chunk2;')
  })
})

describe('mocked responses and the request', () => {
  it('fetch responses carry the request URL', async () => {
    server.use(http.get(`${API}/where`, () => HttpResponse.text('here')))
    const response = await fetch(`${API}/where?x=1`)
    expect(response.url).toBe(`${API}/where?x=1`)
  })

  it('a HEAD request gets headers only', async () => {
    server.use(http.head(`${API}/h`, () => new HttpResponse(null, { headers: { 'x-h': '1' } })))
    const reply = await viaNodeHttp(`${API}/h`, { method: 'HEAD' })
    expect([reply.status, reply.headers['x-h'], reply.body]).toEqual([200, '1', ''])
  })

  it('redirects are answered like real ones (fetch follows them)', async () => {
    server.use(
      http.get(`${API}/old`, () => new HttpResponse(null, { status: 302, headers: { location: `${API}/new` } })),
      http.get(`${API}/new`, () => HttpResponse.text('new place')),
    )
    const response = await fetch(`${API}/old`)
    expect([response.status, response.url, response.redirected, await response.text()]).toEqual([200, `${API}/new`, true, 'new place'])
    const manual = await fetch(`${API}/old`, { redirect: 'manual' })
    expect(manual.status === 302 || manual.type === 'opaqueredirect').toBe(true)
    await expect(fetch(`${API}/old`, { redirect: 'error' })).rejects.toThrow(TypeError)
  })

  it('a 303 after a POST becomes a GET; a 307 keeps the method and body', async () => {
    server.use(
      http.post(`${API}/form`, () => new HttpResponse(null, { status: 303, headers: { location: '/result' } })),
      http.post(`${API}/keep`, () => new HttpResponse(null, { status: 307, headers: { location: '/kept' } })),
      http.all(`${API}/:target`, async ({ request }) => HttpResponse.json({ method: request.method, body: await request.text() })),
    )
    const seeOther = await viaFetch(`${API}/form`, { method: 'POST', body: 'a=1' })
    expect(JSON.parse(seeOther.body)).toEqual({ method: 'GET', body: '' })
    const temporary = await viaFetch(`${API}/keep`, { method: 'POST', body: 'a=1' })
    expect(JSON.parse(temporary.body)).toEqual({ method: 'POST', body: 'a=1' })
  })
})
