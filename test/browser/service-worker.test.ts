import { expect, it } from 'vitest'
import { browserSuite } from './harness.js'

// What only a Service Worker can do, and the browser-side extras.
const suite = browserSuite()

it('mocks an <img> request (the browser network stack sees the mocked bytes)', async () => {
  const size = await suite.page.evaluate(async () => {
    const { setupWorker, http, HttpResponse } = window.mocklib
    const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='), (c) => c.charCodeAt(0))
    window.worker = setupWorker(http.get('/avatar.png', () => new HttpResponse(png, { headers: { 'content-type': 'image/png' } })))
    await window.worker.start({ quiet: true })
    const image = new Image()
    image.src = '/avatar.png'
    await image.decode()
    return [image.naturalWidth, image.naturalHeight]
  })
  expect(size).toEqual([1, 1])
  expect(suite.server.hits).toEqual([])
})

it('mocks a cross-origin URL that does not resolve (no DNS lookup, CORS satisfied)', async () => {
  const result = await suite.page.evaluate(async () => {
    const { setupWorker, http, HttpResponse } = window.mocklib
    window.worker = setupWorker(http.get('https://api.example.test/users/:id', ({ params }) => HttpResponse.json({ id: params.id })))
    await window.worker.start({ quiet: true })
    const response = await fetch('https://api.example.test/users/5', { headers: { authorization: 'Bearer x' } })
    return { status: response.status, body: await response.json() }
  })
  expect(result).toEqual({ status: 200, body: { id: '5' } })
})

it('streams a ReadableStream body chunk by chunk through the worker', async () => {
  const chunks = await suite.page.evaluate(async () => {
    const { setupWorker, http, HttpResponse, delay } = window.mocklib
    window.worker = setupWorker(
      http.get('/api/stream', () => {
        const encoder = new TextEncoder()
        const stream = new ReadableStream<Uint8Array>({
          async start(controller) {
            for (const word of ['one', 'two', 'three']) {
              controller.enqueue(encoder.encode(word))
              await delay(30)
            }
            controller.close()
          },
        })
        return new HttpResponse(stream, { headers: { 'content-type': 'text/plain' } })
      }),
    )
    await window.worker.start({ quiet: true })
    const reader = (await fetch('/api/stream')).body!.pipeThrough(new TextDecoderStream()).getReader()
    const received: string[] = []
    for (let next = await reader.read(); !next.done; next = await reader.read()) received.push(next.value)
    return received
  })
  expect(chunks.join('')).toBe('onetwothree')
  expect(chunks.length).toBeGreaterThan(1)
})

it('logs each mocked request as one collapsed console group, and nothing when quiet', async () => {
  await suite.page.evaluate(async () => {
    const { setupWorker, http, HttpResponse } = window.mocklib
    window.worker = setupWorker(http.get('/api/user', () => HttpResponse.json({ name: 'Ada' }, { status: 201 })))
    await window.worker.start({ onUnhandledRequest: 'bypass' })
    await fetch('/api/user')
    await fetch('/real/unmocked')
    await window.worker.stop()
    await window.worker.start({ quiet: true })
    await fetch('/api/user?quiet')
  })
  const groups = suite.browser.console.filter((line) => line.startsWith('startGroupCollapsed'))
  expect(groups).toHaveLength(1)
  expect(groups[0]).toMatch(/\[mocklib\].* GET \/api\/user \(.*201 Created/)
  expect(suite.browser.console.filter((line) => line.includes('Mocking enabled'))).toHaveLength(1)
})

it("gives resolvers the page's cookies and writes mocked Set-Cookie values to document.cookie", async () => {
  const result = await suite.page.evaluate(async () => {
    const { setupWorker, http, HttpResponse, rememberSetCookies } = window.mocklib
    document.cookie = 'session=abc123'
    window.worker = setupWorker(
      http.get('/api/whoami', ({ cookies }) => (cookies.session ? HttpResponse.json({ session: cookies.session }) : new HttpResponse(null, { status: 401 }))),
      http.post('/api/login', () => {
        // What HttpResponse does with a Set-Cookie init once the DSL records it (see the test below).
        const init = { headers: { 'set-cookie': 'token=xyz; Path=/; HttpOnly' } }
        const response = new HttpResponse(null, { status: 204 })
        rememberSetCookies(response, init)
        return response
      }),
    )
    await window.worker.start({ quiet: true })
    const whoami = await (await fetch('/api/whoami')).json()
    document.cookie = 'session=; max-age=0'
    const anonymous = (await fetch('/api/whoami')).status
    await fetch('/api/login', { method: 'POST' })
    return { whoami, anonymous, cookie: document.cookie }
  })
  expect(result).toEqual({ whoami: { session: 'abc123' }, anonymous: 401, cookie: 'token=xyz' })
})

// Chromium drops Set-Cookie from the headers of a Response built in script, so
// the browser runtime honours it through what HttpResponse's constructor records.
it('writes the Set-Cookie of an HttpResponse to document.cookie', async () => {
  const cookie = await suite.page.evaluate(async () => {
    const { setupWorker, http, HttpResponse } = window.mocklib
    window.worker = setupWorker(http.post('/api/login', () => HttpResponse.json({ ok: true }, { headers: { 'Set-Cookie': 'token=abc' } })))
    await window.worker.start({ quiet: true })
    await fetch('/api/login', { method: 'POST' })
    return document.cookie
  })
  expect(cookie).toBe('token=abc')
})

it('emits the lifecycle events, response:bypass included', async () => {
  const events = await suite.page.evaluate(async () => {
    const { setupWorker, http, HttpResponse } = window.mocklib
    const seen: string[] = []
    window.worker = setupWorker(http.get('/api/user', () => HttpResponse.json({})))
    for (const name of ['request:start', 'request:match', 'request:unhandled', 'request:end', 'response:mocked'] as const) {
      window.worker.events.on(name, ({ request }) => seen.push(`${name} ${new URL(request.url).pathname}`))
    }
    const bypassed = new Promise<string>((resolve) =>
      window.worker.events.on('response:bypass', ({ request, response }) => {
        void response.json().then((body: { source: string }) => resolve(`response:bypass ${new URL(request.url).pathname} ${body.source}`))
      }),
    )
    await window.worker.start({ quiet: true, onUnhandledRequest: 'bypass' })
    await fetch('/api/user')
    await fetch('/real/x')
    seen.push(await bypassed)
    return seen
  })
  expect(events).toEqual([
    'request:start /api/user',
    'request:match /api/user',
    'request:end /api/user',
    'response:mocked /api/user',
    'request:start /real/x',
    'request:unhandled /real/x',
    'request:end /real/x',
    'response:bypass /real/x network',
  ])
})

it('keeps mocking after the browser stops the idle worker (active pages are stored)', async () => {
  await suite.page.evaluate(async () => {
    const { setupWorker, http, HttpResponse } = window.mocklib
    window.worker = setupWorker(http.get('/api/user', () => HttpResponse.json({ name: 'Ada' })))
    await window.worker.start({ quiet: true })
  })
  const cdp = await suite.browser.context.newCDPSession(suite.page)
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.stopAllWorkers')
  const body = await suite.page.evaluate(async () => (await fetch('/api/user')).json())
  expect(body).toEqual({ name: 'Ada' })
})

it('answers GraphQL operations through the worker (query and mutation with variables)', async () => {
  const result = await suite.page.evaluate(async () => {
    const { setupWorker, graphql, HttpResponse } = window.mocklib
    window.worker = setupWorker(
      graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: [{ id: '1', title: 'Hello' }] } })),
      graphql.mutation('DeletePost', ({ variables }) =>
        HttpResponse.json(variables.postId === '1' ? { data: { deletePost: { id: '1' } } } : { errors: [{ message: `Post "${String(variables.postId)}" not found` }] }),
      ),
    )
    await window.worker.start({ quiet: true, onUnhandledRequest: 'error' })
    const operation = async (query: string, variables?: Record<string, unknown>) => {
      const response = await fetch('https://api.example.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      })
      return { status: response.status, body: await response.json() }
    }
    return [
      await operation('query ListPosts { posts { id title } }'),
      await operation('mutation DeletePost($postId: ID!) { deletePost(id: $postId) { id } }', { postId: '1' }),
      await operation('mutation DeletePost($postId: ID!) { deletePost(id: $postId) { id } }', { postId: '9' }),
    ]
  })
  expect(result).toEqual([
    { status: 200, body: { data: { posts: [{ id: '1', title: 'Hello' }] } } },
    { status: 200, body: { data: { deletePost: { id: '1' } } } },
    { status: 200, body: { errors: [{ message: 'Post "9" not found' }] } },
  ])
})
