// Several servers listening at once: a request visits them newest first while
// none of their handlers answers; the newest server's unhandled-request policy
// decides; close() of one leaves the others as they were; each server's
// events, history, recordings and boundaries see what is theirs. Unhandled
// requests go to a real loopback server.
import { http, HttpResponse, mock, passthrough, type LifecycleEventMap, type UnhandledRequestStrategy } from 'mocklib'
import { setupServer, type SetupServerApi } from 'mocklib/node'
import nodeHttp from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { clients, viaFetch, viaNodeHttp } from './support/clients.js'
import { captureConsole, failOnUnhandledRejection, useLocalServer } from './support/harness.js'

const local = useLocalServer()
failOnUnhandledRejection()

const older = setupServer(
  http.get('*/shared', () => HttpResponse.text('older')),
  http.get('*/older-only', () => HttpResponse.text('older only')),
  http.get('*/older-async', async () => {
    await new Promise((resolve) => setTimeout(resolve, 5))
    return HttpResponse.text('older async')
  }),
  http.post('*/echo', async ({ request }) => HttpResponse.text(`older read ${await request.text()}`)),
  http.get('*/older-passthrough', () => passthrough()),
)
const newer = setupServer(
  http.get('*/shared', () => HttpResponse.text('newer')),
  http.get('*/newer-only', () => HttpResponse.text('newer only')),
  // Matches, answers nothing: the request goes on to the older server.
  http.get('*/older-only', () => undefined),
  http.get('*/newer-falls-through', () => undefined),
)

let output: ReturnType<typeof captureConsole> | undefined
function listenBoth(policies: { older?: UnhandledRequestStrategy; newer?: UnhandledRequestStrategy } = {}) {
  output = captureConsole()
  older.listen({ onUnhandledRequest: policies.older ?? 'bypass' })
  newer.listen({ onUnhandledRequest: policies.newer ?? 'bypass' })
  return output
}
afterEach(() => {
  newer.close()
  older.close()
  newer.resetHandlers()
  older.resetHandlers()
  newer.clearHistory()
  older.clearHistory()
  newer.events.removeAllListeners()
  older.events.removeAllListeners()
  output?.restore()
})

const NAMES = ['request:start', 'request:match', 'request:unhandled', 'request:end', 'response:mocked', 'response:bypass', 'unhandledException'] as const

/** The events of `server`, as `name` or `name status`. */
function logEvents(server: SetupServerApi): string[] {
  const log: string[] = []
  for (const name of NAMES) {
    server.events.on(name, (info: LifecycleEventMap[typeof name]) => {
      log.push('response' in info ? `${name} ${info.response.status}` : name)
    })
  }
  return log
}

async function settle(): Promise<void> {
  // response:bypass may follow the client's view of the response by a tick.
  await new Promise((resolve) => setTimeout(resolve, 20))
}

describe('which server answers', () => {
  it.each(clients)('the newest server first; the older one when none of the newer handlers matches (%s)', async (_name, client) => {
    listenBoth()
    expect((await client(`${local.origin}/shared`)).body).toBe('newer')
    expect((await client(`${local.origin}/newer-only`)).body).toBe('newer only')
    expect((await client(`${local.origin}/older-async`)).body).toBe('older async')
    expect((await client(`${local.origin}/nobody`)).body).toBe('real GET /nobody')
  })

  it.each(clients)('the older server when the newer handlers matched and answered nothing (%s)', async (_name, client) => {
    listenBoth()
    expect((await client(`${local.origin}/older-only`)).body).toBe('older only')
    expect((await client(`${local.origin}/newer-falls-through`)).body).toBe('real GET /newer-falls-through')
  })

  it.each(clients)("passthrough() from the older server reaches the network (%s)", async (_name, client) => {
    listenBoth({ newer: 'error' })
    expect((await client(`${local.origin}/older-passthrough`)).body).toBe('real GET /older-passthrough')
    expect(output!.errors()).toEqual([])
  })

  it('the request body reaches the older server unread', async () => {
    listenBoth()
    expect((await viaNodeHttp(`${local.origin}/echo`, { method: 'POST', body: 'payload' })).body).toBe('older read payload')
    expect((await viaFetch(`${local.origin}/echo`, { method: 'POST', body: 'payload' })).body).toBe('older read payload')
  })

  it('handlers added with use() take part, in their own server', async () => {
    listenBoth()
    older.use(http.get('*/added', () => HttpResponse.text('older added')))
    expect((await viaFetch(`${local.origin}/added`)).body).toBe('older added')
    newer.use(http.get('*/added', () => HttpResponse.text('newer added')))
    expect((await viaFetch(`${local.origin}/added`)).body).toBe('newer added')
  })
})

describe('the unhandled-request policy is the newest server’s', () => {
  it.each(clients)("newer 'error' over older 'bypass': the request fails, one error printed (%s)", async (_name, client) => {
    const { errors, warnings } = listenBoth({ older: 'bypass', newer: 'error' })
    const before = local.received.length
    await expect(client(`${local.origin}/refused`)).rejects.toBeInstanceOf(Error)
    expect(local.received.length).toBe(before)
    expect(errors().filter((text) => text.includes('without a matching request handler'))).toHaveLength(1)
    expect(warnings()).toEqual([])
  })

  it.each(clients)("newer 'bypass' over older 'error': the request reaches the network silently (%s)", async (_name, client) => {
    const { errors, warnings } = listenBoth({ older: 'error', newer: 'bypass' })
    expect((await client(`${local.origin}/allowed`)).body).toBe('real GET /allowed')
    expect(errors()).toEqual([])
    expect(warnings()).toEqual([])
  })

  it("a callback policy of the newest server is called once, and the older server's never", async () => {
    const seenByNewer: string[] = []
    const seenByOlder: string[] = []
    listenBoth({
      older: (request) => void seenByOlder.push(request.url),
      newer: (request) => void seenByNewer.push(request.url),
    })
    await viaFetch(`${local.origin}/callback`)
    expect(seenByNewer).toEqual([`${local.origin}/callback`])
    expect(seenByOlder).toEqual([])
  })

  it("a request the older server answers is not unhandled, even under the newest server's 'error'", async () => {
    const { errors } = listenBoth({ newer: 'error' })
    expect((await viaNodeHttp(`${local.origin}/older-async`)).body).toBe('older async')
    expect(errors()).toEqual([])
  })
})

describe('close()', () => {
  it.each(clients)('closing the newest leaves the older one answering with its own policy (%s)', async (_name, client) => {
    const { warnings } = listenBoth({ older: 'warn', newer: 'bypass' })
    newer.close()
    expect((await client(`${local.origin}/shared`)).body).toBe('older')
    expect((await client(`${local.origin}/newer-only`)).body).toBe('real GET /newer-only')
    expect(warnings().filter((text) => text.includes('/newer-only'))).toHaveLength(1)
  })

  it.each(clients)('closing the oldest leaves the newer one answering with its own policy (%s)', async (_name, client) => {
    listenBoth({ older: 'bypass', newer: 'bypass' })
    older.close()
    expect((await client(`${local.origin}/shared`)).body).toBe('newer')
    expect((await client(`${local.origin}/older-async`)).body).toBe('real GET /older-async')
  })

  it('listen/close/listen again in any order: the server that listened last is asked first', async () => {
    listenBoth()
    for (let round = 0; round < 3; round++) {
      older.close()
      older.listen({ onUnhandledRequest: 'bypass' })
      expect((await viaFetch(`${local.origin}/shared`)).body).toBe('older')
      expect((await viaNodeHttp(`${local.origin}/newer-only`)).body).toBe('newer only')
      newer.close()
      newer.listen({ onUnhandledRequest: 'bypass' })
      expect((await viaNodeHttp(`${local.origin}/shared`)).body).toBe('newer')
      expect((await viaFetch(`${local.origin}/older-only`)).body).toBe('older only')
    }
    newer.close()
    older.close()
    expect((await viaFetch(`${local.origin}/shared`)).body).toBe('real GET /shared')
    expect((await viaNodeHttp(`${local.origin}/shared`)).body).toBe('real GET /shared')
  })

  it('the clients are patched once, by the first server, and restored when the last one closes', () => {
    const original = { fetch: globalThis.fetch, request: nodeHttp.request, get: nodeHttp.get }
    older.listen()
    const patched = { fetch: globalThis.fetch, request: nodeHttp.request, get: nodeHttp.get }
    newer.listen()
    expect({ fetch: globalThis.fetch, request: nodeHttp.request, get: nodeHttp.get }).toEqual(patched)
    older.close()
    expect({ fetch: globalThis.fetch, request: nodeHttp.request, get: nodeHttp.get }).toEqual(patched)
    newer.close()
    expect({ fetch: globalThis.fetch, request: nodeHttp.request, get: nodeHttp.get }).toEqual(original)
  })

  it('listen() twice on one server still throws while another server listens', () => {
    listenBoth()
    expect(() => older.listen()).toThrow(/server\.listen\(\) was called while the server is already listening/)
  })
})

describe('events: each server reports what it did', () => {
  it.each(clients)('answered by the newer server: the older one sees nothing (%s)', async (_name, client) => {
    listenBoth()
    const [newerLog, olderLog] = [logEvents(newer), logEvents(older)]
    await client(`${local.origin}/shared`)
    await settle()
    expect(newerLog).toEqual(['request:start', 'request:match', 'request:end', 'response:mocked 200'])
    expect(olderLog).toEqual([])
  })

  it.each(clients)('answered by the older server: the newer one has start and end only (%s)', async (_name, client) => {
    listenBoth()
    const [newerLog, olderLog] = [logEvents(newer), logEvents(older)]
    await client(`${local.origin}/older-async`)
    await settle()
    expect(newerLog).toEqual(['request:start', 'request:end'])
    expect(olderLog).toEqual(['request:start', 'request:match', 'request:end', 'response:mocked 200'])
  })

  it('answered by the older server after the newer handlers fell through: the newer one matched', async () => {
    listenBoth()
    const [newerLog, olderLog] = [logEvents(newer), logEvents(older)]
    await viaFetch(`${local.origin}/older-only`)
    await settle()
    expect(newerLog).toEqual(['request:start', 'request:match', 'request:end'])
    expect(olderLog).toEqual(['request:start', 'request:match', 'request:end', 'response:mocked 200'])
  })

  it.each(clients)('unhandled by every server: each reports it unhandled and gets the network response (%s)', async (_name, client) => {
    listenBoth()
    const [newerLog, olderLog] = [logEvents(newer), logEvents(older)]
    await client(`${local.origin}/nobody`)
    await settle()
    const expected = ['request:start', 'request:unhandled', 'request:end', 'response:bypass 200']
    expect(newerLog).toEqual(expected)
    expect(olderLog).toEqual(expected)
  })

  it('fell through in the newer server, unmatched in the older: handled, both get the network response', async () => {
    const { warnings } = listenBoth({ newer: 'warn' })
    const [newerLog, olderLog] = [logEvents(newer), logEvents(older)]
    await viaNodeHttp(`${local.origin}/newer-falls-through`)
    await settle()
    expect(newerLog).toEqual(['request:start', 'request:match', 'request:end', 'response:bypass 200'])
    expect(olderLog).toEqual(['request:start', 'request:end', 'response:bypass 200'])
    expect(warnings()).toEqual([])
  })

  it('each response:bypass listener reads its own copy of the body', async () => {
    listenBoth()
    const bodies: Promise<string>[] = []
    newer.events.on('response:bypass', ({ response }) => void bodies.push(response.text()))
    older.events.on('response:bypass', ({ response }) => void bodies.push(response.text()))
    expect((await viaFetch(`${local.origin}/copies`)).body).toBe('real GET /copies')
    await settle()
    expect(await Promise.all(bodies)).toEqual(['real GET /copies', 'real GET /copies'])
  })

  it('a throwing resolver in the older server: its unhandledException and 500; the newer one has start and end', async () => {
    listenBoth()
    older.use(
      http.get('*/throws', () => {
        throw new Error('older failed')
      }),
    )
    const [newerLog, olderLog] = [logEvents(newer), logEvents(older)]
    expect((await viaFetch(`${local.origin}/throws`)).status).toBe(500)
    await settle()
    expect(newerLog).toEqual(['request:start', 'request:end'])
    expect(olderLog).toEqual(['request:start', 'unhandledException', 'response:mocked 500'])
  })

  it('a closed server hears nothing more', async () => {
    listenBoth()
    const olderLog = logEvents(older)
    older.close()
    await viaFetch(`${local.origin}/older-only`)
    await settle()
    expect(olderLog).toEqual([])
  })
})

describe('history, assertions, recordings and boundaries stay per server', () => {
  it('unhandledRequests(): a request another server answered is not unhandled; one nobody answered is in each', async () => {
    listenBoth()
    await viaFetch(`${local.origin}/older-async`)
    expect(newer.unhandledRequests()).toEqual([])
    expect(older.unhandledRequests()).toEqual([])
    await viaNodeHttp(`${local.origin}/nobody`)
    expect(newer.unhandledRequests().map((record) => record.url)).toEqual([`${local.origin}/nobody`])
    expect(older.unhandledRequests().map((record) => record.url)).toEqual([`${local.origin}/nobody`])
    expect(() => newer.assertNoUnhandledRequests()).toThrow(/nobody/)
  })

  it('pendingMocks(): a mock is done when its own server answered with it', async () => {
    listenBoth()
    const olderMock = mock.get(`${local.origin}/mocked`).reply(200, 'from the older mock').once()
    const newerMock = mock.get(`${local.origin}/other-mocked`).reply(200, 'from the newer mock').once()
    older.use(olderMock)
    newer.use(newerMock)
    expect((await viaFetch(`${local.origin}/mocked`)).body).toBe('from the older mock')
    expect(older.pendingMocks()).toEqual([])
    expect(() => older.assertDone()).not.toThrow()
    expect(newer.pendingMocks()).toEqual([newerMock])
    expect(() => newer.assertDone()).toThrow(/other-mocked/)
  })

  it("record({ include: 'all' }): a server records what it answered; a network answer is in each server's recording", async () => {
    listenBoth()
    const newerRecording = newer.record({ include: 'all' })
    const olderRecording = older.record({ include: 'all' })
    await viaFetch(`${local.origin}/older-async`)
    await viaFetch(`${local.origin}/shared`)
    await viaFetch(`${local.origin}/network`)
    await Promise.all([newerRecording.settled(), olderRecording.settled()])
    const urls = (recording: typeof newerRecording) => recording.stop().log.entries.map((entry) => `${new URL(entry.request.url).pathname} ${entry.response.content.text}`)
    expect(urls(newerRecording)).toEqual(['/shared newer', '/network real GET /network'])
    expect(urls(olderRecording)).toEqual(['/older-async older async', '/network real GET /network'])
  })

  it('boundary(): overrides inside an older server’s boundary are seen by the requests made in it', async () => {
    listenBoth()
    await older.boundary(async () => {
      older.use(http.get('*/scoped', () => HttpResponse.text('older scoped')))
      expect((await viaFetch(`${local.origin}/scoped`)).body).toBe('older scoped')
      expect((await viaNodeHttp(`${local.origin}/shared`)).body).toBe('newer')
    })()
    expect((await viaFetch(`${local.origin}/scoped`)).body).toBe('real GET /scoped')
  })
})
