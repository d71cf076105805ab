// What reports an unhandled request (kernel/unhandled-report.ts: the warning and error texts, a
// custom policy's print) is loaded by the first unhandled request, not by `listen()`. Every test
// imports mocklib afresh (vi.resetModules), so the request it makes right after listen(), in the
// same tick, is the one that loads it; the same request follows with it loaded, and both must end
// alike: what the client got, what was printed, the lifecycle events in their order, and what a
// real 127.0.0.1 server received.
import type { LifecycleEventMap, UnhandledRequestStrategy } from 'mocklib'
import type { SetupServerApi } from 'mocklib/node'
import { afterEach, expect, it, vi } from 'vitest'
import { clients, type Client } from './support/clients.js'
import { captureConsole, failOnUnhandledRejection, useLocalServer } from './support/harness.js'

const real = useLocalServer()
failOnUnhandledRejection()

let cleanUp: (() => void) | undefined
afterEach(() => {
  cleanUp?.()
  cleanUp = undefined
})

const EVENTS = ['request:start', 'request:match', 'request:unhandled', 'request:end', 'response:mocked', 'response:bypass', 'unhandledException'] as const

/** Fresh mocklib, `count` servers listening (the last one newest) with `policy`; each logs its events. */
async function listenFresh(policy: UnhandledRequestStrategy, count = 1): Promise<{ events: string[]; console: ReturnType<typeof captureConsole> }> {
  vi.resetModules()
  const { http, HttpResponse } = await import('mocklib')
  const { setupServer } = await import('mocklib/node')
  const events: string[] = []
  const servers: SetupServerApi[] = []
  const output = captureConsole()
  for (let index = 0; index < count; index++) {
    const server = setupServer(http.get('https://api.example.test/mocked', () => HttpResponse.text('mocked')))
    for (const name of EVENTS) {
      server.events.on(name, (info: LifecycleEventMap[typeof name]) => events.push(`${index} ${'response' in info ? `${name} ${info.response.status}` : name}`))
    }
    server.listen({ onUnhandledRequest: policy })
    servers.push(server)
  }
  cleanUp = () => {
    for (const server of servers) server.close()
    output.restore()
  }
  return { events, console: output }
}

/** One request through `client`: what the client got (or its error), then what was printed and emitted for it. */
async function outcomeOf(client: Client, url: string, state: Awaited<ReturnType<typeof listenFresh>>): Promise<unknown> {
  const printed = { warnings: state.console.warnings().length, errors: state.console.errors().length }
  const emitted = state.events.length
  const received = real.received.length
  let reply: unknown
  try {
    const { status, body } = await client(url)
    reply = { status, body }
  } catch (error) {
    reply = { failed: true }
  }
  // response:bypass and request:end may follow the client's answer by a tick.
  await new Promise((resolve) => setTimeout(resolve, 20))
  return {
    reply,
    warnings: state.console.warnings().slice(printed.warnings),
    errors: state.console.errors().slice(printed.errors),
    events: state.events.slice(emitted),
    reachedTheNetwork: real.received.length - received,
  }
}

for (const [name, client] of clients) {
  it(`${name}: the first request 'warn' reports, in the tick of listen(), is warned about and sent on like the next`, async () => {
    const state = await listenFresh('warn')
    const first = await outcomeOf(client, `${real.origin}/nobody`, state)
    expect(first).toMatchObject({
      reply: { status: 200, body: 'real GET /nobody' },
      warnings: [expect.stringContaining(`Warning: intercepted a request without a matching request handler:\n\n  • GET ${real.origin}/nobody`)],
      errors: [],
      events: ['0 request:start', '0 request:unhandled', '0 request:end', '0 response:bypass 200'],
      reachedTheNetwork: 1,
    })
    expect(await outcomeOf(client, `${real.origin}/nobody`, state)).toEqual(first)
  })

  it(`${name}: the first request 'error' refuses, in the tick of listen(), fails like the next and reaches no server`, async () => {
    const state = await listenFresh('error')
    const first = await outcomeOf(client, `${real.origin}/refused`, state)
    expect(first).toMatchObject({
      reply: { failed: true },
      warnings: [],
      errors: [expect.stringContaining(`Error: intercepted a request without a matching request handler:\n\n  • GET ${real.origin}/refused`)],
      events: ['0 request:start', '0 request:unhandled', '0 request:end'],
      reachedTheNetwork: 0,
    })
    expect(await outcomeOf(client, `${real.origin}/refused`, state)).toEqual(first)
  })
}

it('a callback policy: its first print.warning(), print.error() and throw act like the next', async () => {
  const seen: string[] = []
  const state = await listenFresh((request, print) => {
    const path = new URL(request.url).pathname
    seen.push(path)
    if (path === '/warned') print.warning()
    if (path === '/refused') print.error()
    if (path === '/thrown') throw new Error('policy failed')
  })
  for (const path of ['/warned', '/refused', '/thrown']) {
    const first = await outcomeOf(clients[0]![1], `${real.origin}${path}`, state)
    expect(await outcomeOf(clients[0]![1], `${real.origin}${path}`, state)).toEqual(first)
  }
  expect(seen).toEqual(['/warned', '/warned', '/refused', '/refused', '/thrown', '/thrown'])
  // The throwing callback answers a 500, as a throwing resolver would.
  expect(await outcomeOf(clients[0]![1], `${real.origin}/thrown`, state)).toMatchObject({ reply: { status: 500 }, events: ['0 request:start', '0 request:unhandled', '0 unhandledException', '0 response:mocked 500'] })
})

it('two servers listening: the first request neither answers is reported once by the newest, like the next', async () => {
  const state = await listenFresh('error', 2)
  const first = await outcomeOf(clients[0]![1], `${real.origin}/chained`, state)
  expect(first).toMatchObject({ reply: { failed: true }, errors: [expect.stringContaining(`GET ${real.origin}/chained`)], reachedTheNetwork: 0 })
  expect((first as { errors: string[] }).errors).toHaveLength(1)
  expect(await outcomeOf(clients[0]![1], `${real.origin}/chained`, state)).toEqual(first)
})

it("a static asset under 'warn' is let through silently, first as next", async () => {
  const state = await listenFresh('warn')
  const first = await outcomeOf(clients[0]![1], `${real.origin}/styles/main.css`, state)
  expect(first).toMatchObject({ reply: { status: 200 }, warnings: [], errors: [], reachedTheNetwork: 1 })
  expect(await outcomeOf(clients[0]![1], `${real.origin}/styles/main.css`, state)).toEqual(first)
})
