// Lifecycle events: order for mocked, unhandled, bypassed and failing requests;
// listener management; nothing after close().
import { http, HttpResponse, passthrough, type LifecycleEventMap } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { API, clients, viaFetch, viaNodeHttp } from './support/clients.js'
import { failOnUnhandledRejection, useLocalServer } from './support/harness.js'

const local = useLocalServer()
const server = setupServer(
  http.get(`${API}/mocked`, () => HttpResponse.text('mocked')),
  http.get(`${API}/throws`, () => {
    throw new Error('resolver failed')
  }),
  http.get('*/passthrough', () => passthrough()),
  // Matches, answers nothing: the request falls through to the network.
  http.get('*/fell-through', () => undefined),
)

type Entry = [keyof LifecycleEventMap, string, ...unknown[]]
const log: Entry[] = []
const names = [
  'request:start',
  'request:match',
  'request:unhandled',
  'request:end',
  'response:mocked',
  'response:bypass',
  'unhandledException',
] as const

failOnUnhandledRejection()
beforeAll(() => {
  for (const name of names) {
    server.events.on(name, (info) => {
      const extra: unknown[] = []
      if ('response' in info) extra.push(info.response.status)
      if ('error' in info) extra.push(info.error.message)
      log.push([name, info.requestId, ...extra])
    })
  }
  server.listen({ onUnhandledRequest: 'bypass' })
})
afterEach(() => {
  log.length = 0
})
afterAll(() => server.close())

/** The event names of the log, after checking that all entries share one request id. */
function sequence(): string[] {
  const ids = new Set(log.map(([, id]) => id))
  expect(ids.size).toBe(1)
  return log.map(([name, , ...extra]) => [name, ...extra].join(' '))
}

async function settle(): Promise<void> {
  // response:bypass may follow the client's view of the response by a tick.
  await new Promise((resolve) => setTimeout(resolve, 20))
}

describe('lifecycle events', () => {
  it.each(clients)('mocked request: start → match → end → response:mocked (%s)', async (_name, client) => {
    await client(`${API}/mocked`)
    await settle()
    expect(sequence()).toEqual(['request:start', 'request:match', 'request:end', 'response:mocked 200'])
  })

  it.each(clients)('unhandled request: start → unhandled → end → response:bypass (%s)', async (_name, client) => {
    await client(`${local.origin}/unhandled`)
    await settle()
    expect(sequence()).toEqual(['request:start', 'request:unhandled', 'request:end', 'response:bypass 200'])
  })

  it.each(clients)('passthrough(): start → match → end → response:bypass, as msw 2.15 (%s)', async (_name, client) => {
    expect((await client(`${local.origin}/passthrough`)).body).toBe('real GET /passthrough')
    await settle()
    expect(sequence()).toEqual(['request:start', 'request:match', 'request:end', 'response:bypass 200'])
  })

  it.each(clients)('every matching handler answers nothing: start → match → end → response:bypass, as msw 2.15 (%s)', async (_name, client) => {
    expect((await client(`${local.origin}/fell-through`)).body).toBe('real GET /fell-through')
    await settle()
    expect(sequence()).toEqual(['request:start', 'request:match', 'request:end', 'response:bypass 200'])
  })

  it('a throwing resolver: unhandledException with the error, then a mocked 500, and no match or end (as msw)', async () => {
    const reply = await viaNodeHttp(`${API}/throws`)
    expect(reply.status).toBe(500)
    await settle()
    expect(sequence()).toEqual(['request:start', 'unhandledException resolver failed', 'response:mocked 500'])
  })

  it('response:mocked carries a readable clone; the client still reads the body', async () => {
    let seenBody: Promise<string> | undefined
    const listener = ({ response }: LifecycleEventMap['response:mocked']) => {
      seenBody = response.text()
    }
    server.events.on('response:mocked', listener)
    try {
      expect((await viaFetch(`${API}/mocked`)).body).toBe('mocked')
      expect(await seenBody).toBe('mocked')
    } finally {
      server.events.removeListener('response:mocked', listener)
    }
  })

  it('a listener that throws never breaks the request', async () => {
    const listener = () => {
      throw new Error('listener bug')
    }
    server.events.on('request:start', listener)
    const error = console.error
    const printed: unknown[] = []
    console.error = (...args: unknown[]) => printed.push(args[0])
    try {
      expect((await viaFetch(`${API}/mocked`)).body).toBe('mocked')
      expect(String(printed[0])).toMatch(/listener of "request:start" threw/)
    } finally {
      console.error = error
      server.events.removeListener('request:start', listener)
    }
  })

  it('removeListener and removeAllListeners(event) stop delivery', async () => {
    const counted: string[] = []
    const listener = () => counted.push('x')
    server.events.on('request:end', listener)
    await viaFetch(`${API}/mocked`)
    server.events.removeListener('request:end', listener)
    await viaFetch(`${API}/mocked`)
    expect(counted).toEqual(['x'])

    const other = setupServer()
    other.events.on('request:start', listener)
    other.events.removeAllListeners('request:start')
    other.events.on('request:end', listener)
    other.events.removeAllListeners()
  })
})

describe('after close()', () => {
  it('no event fires', async () => {
    server.close()
    try {
      await viaFetch(`${local.origin}/after-close`)
      await viaNodeHttp(`${local.origin}/after-close`)
      await settle()
      expect(log).toEqual([])
    } finally {
      server.listen({ onUnhandledRequest: 'bypass' })
    }
  })
})
