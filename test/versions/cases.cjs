// The cases every cell of the version grid runs, once with msw 2.15 and once
// with mocklib installed in its place. Written once as a factory with no
// imports, so Jest (CommonJS) and Vitest (ES modules) load the same file; the
// test file of each runner hands it the library and its own test functions.
// A case's outcome, not its message, is what the grid compares.

/**
 * @param {{ http: any, graphql: any, HttpResponse: any, setupServer: Function, axios: any }} lib
 * @param {{ describe: Function, test: Function, expect: Function, beforeAll: Function, afterAll: Function, afterEach: Function }} runner
 */
module.exports = function defineCases(lib, runner) {
  const { http, graphql, HttpResponse, setupServer } = lib
  const { describe, test, expect, beforeAll, afterAll, afterEach } = runner
  const API = 'https://api.grid.test'
  // An AxiosError carries its config's functions: Vitest 1 cannot send it from
  // the worker and then fails every case of the file. Rethrown as a plain Error.
  const plain = (error) => {
    throw new Error(`axios: ${error.message}${error.response ? ` (${error.response.status} ${JSON.stringify(error.response.data)})` : ''}`)
  }
  const axios = { get: (...args) => lib.axios.get(...args).catch(plain), post: (...args) => lib.axios.post(...args).catch(plain) }

  const server = setupServer(
    http.get(`${API}/user`, () => HttpResponse.json({ id: 1, name: 'Ada' })),
    http.post(`${API}/echo`, async ({ request }) => HttpResponse.json({ body: await request.json(), type: request.headers.get('content-type') })),
    http.post(`${API}/login`, () => HttpResponse.json({ id: 1 }, { headers: { 'Set-Cookie': 'session=abc' } })),
    http.get(`${API}/me`, ({ cookies }) => HttpResponse.json({ session: cookies.session === undefined ? null : cookies.session })),
    http.get(`${API}/cookie-echo`, ({ cookies }) => HttpResponse.json({ flavour: cookies.flavour === undefined ? null : cookies.flavour })),
    http.post(`${API}/upload`, async ({ request }) => {
      const form = await request.formData()
      const file = form.get('file')
      return HttpResponse.json({ name: form.get('name'), file: file && typeof file === 'object' ? await file.text() : file })
    }),
    http.get(`${API}/stream`, () => {
      const encoder = new TextEncoder()
      const stream = new ReadableStream({
        async start(controller) {
          for (const chunk of ['one ', 'two ', 'three']) {
            controller.enqueue(encoder.encode(chunk))
            await new Promise((resolve) => setTimeout(resolve, 5))
          }
          controller.close()
        },
      })
      return new HttpResponse(stream, { headers: { 'content-type': 'text/plain' } })
    }),
    http.get(`${API}/slow`, async () => {
      await new Promise((resolve) => setTimeout(resolve, 500))
      return HttpResponse.text('too late')
    }),
    http.get('/api/relative', () => HttpResponse.json({ relative: true })),
    graphql.query('GetUser', ({ variables }) => HttpResponse.json({ data: { user: { id: variables.id, name: 'Ada' } } })),
  )

  beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }))
  afterEach(() => server.resetHandlers())
  afterAll(() => server.close())

  describe('grid', () => {
    test('fetch GET JSON', async () => {
      const response = await fetch(`${API}/user`)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ id: 1, name: 'Ada' })
    })

    test('fetch POST JSON read by the resolver', async () => {
      const response = await fetch(`${API}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ a: 1 }) })
      expect(await response.json()).toEqual({ body: { a: 1 }, type: 'application/json' })
    })

    test('axios GET JSON (XHR where the environment has it)', async () => {
      const response = await axios.get(`${API}/user`)
      expect(response.data).toEqual({ id: 1, name: 'Ada' })
    })

    test('axios POST answered with Set-Cookie', async () => {
      const response = await axios.post(`${API}/login`, { user: 'ada' })
      expect(response.status).toBe(200)
      expect(response.data).toEqual({ id: 1 })
    })

    test('cookies: Set-Cookie of a mocked response reaches the next request', async () => {
      await fetch(`${API}/login`, { method: 'POST' })
      const response = await fetch(`${API}/me`)
      expect(await response.json()).toEqual({ session: 'abc' })
    })

    test('cookies: a Cookie header sent by the client reaches the resolver', async () => {
      const response = await fetch(`${API}/cookie-echo`, { headers: { cookie: 'flavour=oat' } })
      expect(await response.json()).toEqual({ flavour: 'oat' })
    })

    test('FormData upload by fetch, text fields only', async () => {
      const form = new FormData()
      form.append('name', 'report')
      form.append('file', 'inline text')
      const response = await fetch(`${API}/upload`, { method: 'POST', body: form })
      expect(await response.json()).toEqual({ name: 'report', file: 'inline text' })
    })

    test('FormData upload by fetch', async () => {
      const form = new FormData()
      form.append('name', 'report')
      form.append('file', new Blob(['file body'], { type: 'text/plain' }), 'report.txt')
      const response = await fetch(`${API}/upload`, { method: 'POST', body: form })
      expect(await response.json()).toEqual({ name: 'report', file: 'file body' })
    })

    test('FormData upload by axios', async () => {
      const form = new FormData()
      form.append('name', 'report')
      form.append('file', new Blob(['file body'], { type: 'text/plain' }), 'report.txt')
      const response = await axios.post(`${API}/upload`, form)
      expect(response.data).toEqual({ name: 'report', file: 'file body' })
    })

    test('streamed response body, read chunk by chunk', async () => {
      const response = await fetch(`${API}/stream`)
      const reader = response.body.getReader()
      const decoder = new TextDecoder()
      const chunks = []
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        chunks.push(decoder.decode(value, { stream: true }))
      }
      expect(chunks.join('')).toBe('one two three')
      expect(chunks.length).toBeGreaterThan(1)
    })

    test('abort: a pending fetch rejects with an AbortError', async () => {
      const controller = new AbortController()
      const pending = fetch(`${API}/slow`, { signal: controller.signal })
      setTimeout(() => controller.abort(), 20)
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    })

    test('GraphQL query by fetch', async () => {
      const response = await fetch(`${API}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query GetUser($id: ID!) { user(id: $id) { id name } }', variables: { id: 'u1' } }),
      })
      expect(await response.json()).toEqual({ data: { user: { id: 'u1', name: 'Ada' } } })
    })

    test('relative URL (against the page where there is one)', async () => {
      // Without a page (a node environment) a relative URL is no URL: fetch rejects, before any handler.
      if (typeof location === 'undefined') return await expect(fetch('/api/relative')).rejects.toMatchObject({ name: 'TypeError' })
      const response = await fetch('/api/relative')
      expect(await response.json()).toEqual({ relative: true })
    })
  })
}
