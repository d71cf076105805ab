// Issue 23 item 6: what a `mock.*` handler does with a request (run the builder's steps, answer after
// the body and the delay, record the call) loads with the first request that reaches it, not with
// `import 'mocklib'`. Every test imports mocklib afresh (vi.resetModules), so the request it sends right
// after listen(), in the same tick, is the one that loads that code; the same request follows with the
// code loaded, and both must end alike: the same answer, the same call record, the same events, the same
// `times(n)` accounting under concurrency, and the same report when the steps reject it. The
// assertions (`assertDone()` and its diagnosis) never wait for that code.
import { expect, it, vi } from 'vitest'
import { API, viaAxios, viaFetch, viaNodeHttp, type Client, type ClientRequest } from './support/clients.js'
import { captureConsole, closeServerAfterEach, failOnUnhandledRejection } from './support/harness.js'

failOnUnhandledRejection()

const closeAfterTest = closeServerAfterEach()

type Mocklib = typeof import('mocklib')
type Server = ReturnType<(typeof import('mocklib/node'))['setupServer']>

/** A fresh mocklib, listening with the handlers `handlers` makes from it. */
async function listenFresh(handlers: (lib: Mocklib) => Parameters<Server['use']>) {
  vi.resetModules()
  const lib = await import('mocklib')
  const { setupServer } = await import('mocklib/node')
  const server = setupServer(...handlers(lib))
  server.listen({ onUnhandledRequest: 'error' })
  closeAfterTest(server)
  return { lib, server }
}

/** What a client got: its status, body and the headers the mocks set, or its error. */
async function outcome(client: Client, url: string, init?: ClientRequest): Promise<unknown> {
  try {
    const reply = await client(url, init)
    return { status: reply.status, body: reply.body, type: reply.headers['content-type'], kind: reply.headers['x-kind'] }
  } catch (error) {
    return { error: (error as Error).name }
  }
}

/** A call record without what differs between two requests (its id, time and Request object). */
function callOf(mock: { readonly calls: readonly object[] }) {
  const { request, requestId, time, ...rest } = mock.calls.at(-1) as { request: Request; requestId: string; time: number }
  return { ...rest, method: request.method, url: request.url, idIsString: typeof requestId === 'string', timeIsNumber: typeof time === 'number' }
}

const post = (body: string, headers: Record<string, string> = {}): ClientRequest => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: 'Bearer abc', cookie: 'session=s1', ...headers },
  body,
})

const scenarios: {
  name: string
  handlers: (lib: Mocklib) => Parameters<Server['use']>
  url: string
  init?: ClientRequest
  expected: unknown
}[] = [
  {
    name: 'a mock without steps',
    handlers: ({ mock }) => [mock.get(`${API}/posts/:id`).reply(200, { id: '1', title: 'Hello' }, { headers: { 'x-kind': 'mock' } })],
    url: `${API}/posts/1`,
    expected: { status: 200, body: '{"id":"1","title":"Hello"}', type: 'application/json', kind: 'mock' },
  },
  {
    name: 'a mock with query, headers, cookies and body steps',
    handlers: ({ mock, HttpResponse }) => [
      mock
        .post(`${API}/posts`)
        .query({ draft: 'false' })
        .headers({ authorization: /^Bearer / })
        .cookies({ session: 's1' })
        .body({ title: 'Hello' })
        .reply(async ({ request }) => HttpResponse.json({ got: await request.json() }, { status: 201, headers: { 'x-kind': 'resolver' } })),
    ],
    url: `${API}/posts?draft=false`,
    init: post('{"title":"Hello","tags":[]}'),
    expected: { status: 201, body: '{"got":{"title":"Hello","tags":[]}}', type: 'application/json', kind: 'resolver' },
  },
  {
    name: 'a request the steps reject, answered by the next handler',
    handlers: ({ mock, http, HttpResponse }) => [
      mock.post(`${API}/posts`).body({ title: 'Hello' }).reply(201),
      http.post(`${API}/posts`, () => HttpResponse.text('fallback', { headers: { 'x-kind': 'http' } })),
    ],
    url: `${API}/posts`,
    init: post('{"title":"Bye"}'),
    expected: { status: 200, body: 'fallback', type: 'text/plain', kind: 'http' },
  },
  {
    name: 'a mock with a delay',
    handlers: ({ mock }) => [mock.get(`${API}/slow`).reply(200, 'late').delay(20)],
    url: `${API}/slow`,
    expected: { status: 200, body: 'late', type: 'text/plain', kind: undefined },
  },
  {
    name: 'a mock answering with replyWith()',
    handlers: ({ mock, HttpResponse }) => [mock.get(`${API}/fixed`).replyWith(HttpResponse.text('fixed', { status: 203, headers: { 'x-kind': 'fixed' } }))],
    url: `${API}/fixed`,
    expected: { status: 203, body: 'fixed', type: 'text/plain', kind: 'fixed' },
  },
  {
    name: 'a GraphQL mock with a variables step',
    handlers: ({ mock }) => [mock.query('GetPost').variables({ id: '1' }).reply({ data: { post: { id: '1' } } })],
    url: `${API}/graphql`,
    init: post(JSON.stringify({ query: 'query GetPost($id: ID!) { post(id: $id) { id } }', variables: { id: '1' } })),
    expected: { status: 200, body: '{"data":{"post":{"id":"1"}}}', type: 'application/json', kind: undefined },
  },
]

const clientsUnderTest: [string, Client][] = [
  ['global fetch', viaFetch],
  ['node:http', viaNodeHttp],
  ['axios', viaAxios],
]

for (const [clientName, client] of clientsUnderTest) {
  for (const scenario of scenarios) {
    it(`${scenario.name}: the first request (${clientName}), in the tick of listen(), is answered and recorded like the next`, async () => {
      const { server } = await listenFresh(scenario.handlers)
      const first = await outcome(client, scenario.url, scenario.init)
      expect(first).toEqual(scenario.expected)
      const mock = server.listHandlers()[0] as unknown as { calls: readonly object[]; callCount: number }
      const firstCalls = mock.callCount
      const firstCall = firstCalls === 0 ? undefined : callOf(mock)
      expect(await outcome(client, scenario.url, scenario.init)).toEqual(first)
      expect(mock.callCount).toBe(2 * firstCalls)
      if (firstCall !== undefined) expect(callOf(mock)).toEqual(firstCall)
    })
  }
}

it('the first call records hold the params and the parsed body, as the next', async () => {
  const { server } = await listenFresh(({ mock }) => [mock.post(`${API}/posts/:id`).reply(204)])
  await outcome(viaFetch, `${API}/posts/7`, post('{"title":"Hello"}'))
  const mock = server.listHandlers()[0] as unknown as { calls: readonly object[] }
  expect(callOf(mock)).toEqual({ params: { id: '7' }, body: { title: 'Hello' }, status: 204, method: 'POST', url: `${API}/posts/7`, idIsString: true, timeIsNumber: true })
})

it('a mock whose resolver throws: the first request gets the same 500 and the same call record as the next', async () => {
  const { server } = await listenFresh(({ mock }) => [
    mock.get(`${API}/broken`).reply(() => {
      throw new Error('resolver failed')
    }),
  ])
  const printed = captureConsole()
  // The 500's body carries the error's stack, whose frames differ between a first and a next call: compared without it.
  const failure = async () => {
    const { body, ...rest } = (await outcome(viaFetch, `${API}/broken`)) as { body: string }
    const { stack, ...error } = JSON.parse(body) as { stack: string }
    return { ...rest, error, stackIsString: typeof stack === 'string' }
  }
  const first = await failure()
  expect(first).toEqual({ status: 500, type: 'application/json', kind: undefined, error: { name: 'Error', message: 'resolver failed' }, stackIsString: true })
  const mock = server.listHandlers()[0] as unknown as { calls: readonly object[]; callCount: number }
  const firstCall = callOf(mock)
  expect(firstCall).toMatchObject({ status: 500 })
  expect(await failure()).toEqual(first)
  expect(callOf(mock)).toEqual(firstCall)
  expect(mock.callCount).toBe(2)
  printed.restore()
})

it('networkError(): the first request fails like the next and is recorded with status 0', async () => {
  const { server } = await listenFresh(({ mock }) => [mock.get(`${API}/down`).networkError()])
  const first = await outcome(viaFetch, `${API}/down`)
  expect(first).toEqual({ error: 'TypeError' })
  expect(await outcome(viaFetch, `${API}/down`)).toEqual(first)
  const mock = server.listHandlers()[0] as unknown as { calls: readonly { status: number | undefined }[] }
  expect(mock.calls.map((call) => call.status)).toEqual([0, 0])
})

for (const [variant, withStep] of [
  ['without steps', false],
  ['with a query step', true],
] as const) {
  it(`times(2) ${variant}: five concurrent first requests, in the tick of listen(), are shared as the next five are`, async () => {
    const { lib, server } = await listenFresh(({ mock, http, HttpResponse }) => {
      const start = mock.get(`${API}/limited`)
      return [(withStep ? start.query({ n: /^\d$/ }) : start).reply(200, 'mock').times(2), http.get(`${API}/limited`, () => HttpResponse.text('fallback'))]
    })
    const burst = async () => (await Promise.all([1, 2, 3, 4, 5].map((n) => outcome(viaFetch, `${API}/limited?n=${n}`)))).map((reply) => (reply as { body: string }).body)
    const first = await burst()
    expect(first.filter((body) => body === 'mock')).toHaveLength(2)
    expect(first.filter((body) => body === 'fallback')).toHaveLength(3)
    const mock = server.listHandlers()[0] as InstanceType<Mocklib['MockHandler']>
    expect([mock.callCount, mock.isDone()]).toEqual([2, true])
    expect(mock).toBeInstanceOf(lib.MockHandler)
    server.restoreHandlers()
    expect(mock.callCount).toBe(0)
    const next = await burst()
    expect(next.slice().sort()).toEqual(first.slice().sort())
    expect([mock.callCount, mock.isDone()]).toEqual([2, true])
  })
}

it('the first request fires the same lifecycle events, in the same order, as the next', async () => {
  const { server } = await listenFresh(({ mock }) => [mock.post(`${API}/events`).body({ ok: true }).reply(200, 'seen')])
  const seen: string[] = []
  for (const name of ['request:start', 'request:match', 'request:unhandled', 'request:end', 'response:mocked', 'response:bypass', 'unhandledException'] as const) {
    server.events.on(name, () => void seen.push(name))
  }
  const events = async () => {
    seen.length = 0
    await outcome(viaFetch, `${API}/events`, post('{"ok":true}'))
    // Let the events that follow the response (response:mocked) arrive.
    await new Promise((resolve) => setTimeout(resolve, 10))
    return seen.slice()
  }
  const first = await events()
  expect(first).toEqual(['request:start', 'request:match', 'request:end', 'response:mocked'])
  expect(await events()).toEqual(first)
})

it('a first request the steps reject, with no other handler, is reported unhandled like the next', async () => {
  await listenFresh(({ mock }) => [mock.post(`${API}/strict`).headers({ authorization: 'Bearer right' }).reply(200)])
  const printed = captureConsole()
  const report = async () => {
    const before = printed.errors().length
    const result = await outcome(viaFetch, `${API}/strict`, post('{}', { authorization: 'Bearer wrong' }))
    return { result, printed: printed.errors().slice(before) }
  }
  const first = await report()
  expect(first.result).toEqual({ error: 'TypeError' })
  expect(first.printed.join('\n')).toContain(`mock POST ${API}/strict: headers "authorization" is "Bearer wrong", expected "Bearer right"`)
  expect(await report()).toEqual(first)
  printed.restore()
})

it('a first request the client aborts while the mock waits fails like the next', async () => {
  await listenFresh(({ mock }) => [mock.get(`${API}/aborted`).reply(200, 'late').delay(50)])
  const aborted = async () => {
    const controller = new AbortController()
    const result = fetch(`${API}/aborted`, { signal: controller.signal }).then(
      (response) => ({ status: response.status }),
      (error: Error) => ({ error: `${error.name}: ${error.message}` }),
    )
    controller.abort()
    return result
  }
  const first = await aborted()
  expect(first).toEqual({ error: 'AbortError: This operation was aborted' })
  expect(await aborted()).toEqual(first)
})

it("assertDone() diagnoses a mock before any mock answered anything (the diagnosis does not wait for the mocks' answering code)", async () => {
  const { lib, server } = await listenFresh(({ mock }) => [mock.get(`${API}/shadow`).query({ v: '1' }).reply(200)])
  expect(server.pendingMocks()).toHaveLength(1)
  server.use(lib.http.get(`${API}/shadow`, () => lib.HttpResponse.text('http')))
  expect(await outcome(viaFetch, `${API}/shadow?v=2`)).toMatchObject({ body: 'http' })
  expect(() => server.assertDone()).toThrow(`rejected at query: "v" is "2", expected "1"`)
  expect(await outcome(viaFetch, `${API}/shadow?v=1`)).toMatchObject({ body: 'http' })
  expect(() => server.assertDone()).toThrow(`it matched every step, but http GET ${API}/shadow answered it first`)
})
