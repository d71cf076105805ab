// Several servers listening at once, WebSocket connections: a connection is
// offered to the newest server first, then to the older ones while no handler
// takes it; the newest server's unhandled-request policy decides; each
// server's history holds the connections its own handlers took.
import { ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterEach, describe, expect, it } from 'vitest'
import { eventsUntilOpen, messages, opened, useGlobalSockets, useRealWebSocketServer } from '../ws/support.js'
import { captureConsole, failOnUnhandledRejection } from './support/harness.js'

const real = useRealWebSocketServer()
const connect = useGlobalSockets()
failOnUnhandledRejection()

const shared = ws.link('wss://chat.test/shared')
const olderOnly = ws.link('wss://chat.test/older')
const older = setupServer(
  shared.addEventListener('connection', ({ client }) => client.send('older shared')),
  olderOnly.addEventListener('connection', ({ client }) => client.send('older only')),
)
const newer = setupServer(shared.addEventListener('connection', ({ client }) => client.send('newer shared')))

let output: ReturnType<typeof captureConsole> | undefined
afterEach(() => {
  newer.close()
  older.close()
  newer.clearHistory()
  older.clearHistory()
  output?.restore()
})

function listenBoth(policies: { older: 'bypass' | 'error'; newer: 'bypass' | 'error' }) {
  output = captureConsole()
  older.listen({ onUnhandledRequest: policies.older })
  newer.listen({ onUnhandledRequest: policies.newer })
  return output
}

describe('WebSocket connections with several servers', () => {
  it('the newest server takes a connection both could take; the older one never sees it', async () => {
    listenBoth({ older: 'bypass', newer: 'bypass' })
    const socket = connect('wss://chat.test/shared')
    expect(await messages(socket, 1)).toEqual(['newer shared'])
    expect(newer.webSocketConnections().map((connection) => connection.url)).toEqual(['wss://chat.test/shared'])
    expect(older.webSocketConnections()).toEqual([])
    expect(older.unhandledRequests()).toEqual([])
  })

  it("an older server's handler takes what the newer one does not; the newer one records nothing", async () => {
    listenBoth({ older: 'bypass', newer: 'error' })
    const socket = connect('wss://chat.test/older')
    expect(await messages(socket, 1)).toEqual(['older only'])
    expect(older.webSocketConnections().map((connection) => connection.url)).toEqual(['wss://chat.test/older'])
    expect(newer.webSocketConnections()).toEqual([])
    expect(newer.unhandledRequests()).toEqual([])
    expect(output!.errors()).toEqual([])
  })

  it("no handler takes it: the newest server's 'error' refuses it (error, then open with no server, as msw 2.15), and each server lists it unhandled", async () => {
    const { errors } = listenBoth({ older: 'bypass', newer: 'error' })
    const socket = connect('wss://chat.test/nobody')
    expect((await eventsUntilOpen(socket)).map((event) => event.split(':')[0])).toEqual(['error', 'open'])
    expect(errors().filter((text) => text.includes('wss://chat.test/nobody'))).toHaveLength(1)
    expect(newer.unhandledRequests().map((record) => record.url)).toEqual(['wss://chat.test/nobody'])
    expect(older.unhandledRequests().map((record) => record.url)).toEqual(['wss://chat.test/nobody'])
  })

  it("no handler takes it: the newest server's 'bypass' connects it to the real server, whatever the older one's policy", async () => {
    const { errors } = listenBoth({ older: 'error', newer: 'bypass' })
    const socket = connect(real.url)
    await opened(socket)
    expect(await messages(socket, 1)).toEqual(['hello from the real server'])
    expect(errors()).toEqual([])
  })

  it('closing the newest server leaves the older one taking connections', async () => {
    listenBoth({ older: 'bypass', newer: 'bypass' })
    newer.close()
    const socket = connect('wss://chat.test/shared')
    expect(await messages(socket, 1)).toEqual(['older shared'])
  })
})
