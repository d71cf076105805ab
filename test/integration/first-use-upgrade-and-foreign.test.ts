// Issue 23 item 6, continued: what answers a `ws`-package connection (the upgrade bridge) and what turns
// foreign fetch arguments into this realm's (node-fetch's Request, another realm's signal) are loaded by the
// first call that needs them. Every test imports mocklib afresh (vi.resetModules), so the call it makes right
// after listen(), in the same tick, is the one that loads the code; the same call follows with the code
// loaded, and both must end alike.
import { JSDOM } from 'jsdom'
import { Request as NodeFetchRequest } from 'node-fetch'
import { expect, it, vi } from 'vitest'
import WsPackageWebSocket from 'ws'
import { closeServerAfterEach, failOnUnhandledRejection } from './support/harness.js'

failOnUnhandledRejection()

// Under the socket project (MOCKLIB_HTTP_LAYER / MOCKLIB_FETCH_LAYER=socket) neither mechanism is in play:
// node:http is left alone (a `ws` connection reaches the socket layer as plain bytes) and global fetch is
// undici's own (which refuses a foreign Request or signal itself). The calls that still end alike there run on both.
const upgradesBridged = process.env.MOCKLIB_HTTP_LAYER !== 'socket'
const fetchPatched = process.env.MOCKLIB_FETCH_LAYER !== 'socket'

const closeAfterTest = closeServerAfterEach()

/** A fresh mocklib, listening, with an echoing WebSocket link and a REST handler that echoes the body. */
async function listenFresh() {
  vi.resetModules()
  const { http, ws, HttpResponse } = await import('mocklib')
  const { setupServer } = await import('mocklib/node')
  const chat = ws.link('ws://chat.example.test/room')
  const server = setupServer(
    chat.addEventListener('connection', ({ client }) => client.addEventListener('message', (event) => client.send(`echo ${String(event.data)}`))),
    http.all('https://api.example.test/echo', async ({ request }) => HttpResponse.json({ method: request.method, body: await request.text(), marker: request.headers.get('x-marker') })),
  )
  server.listen({ onUnhandledRequest: 'error' })
  closeAfterTest(server)
}

/** What a `ws` client saw, in order. */
function wsOutcome(start: () => WsPackageWebSocket, onOpen: (socket: WsPackageWebSocket) => void): Promise<string[]> {
  return new Promise((resolve) => {
    const events: string[] = []
    const socket = start()
    socket.on('open', () => {
      events.push('open')
      onOpen(socket)
    })
    socket.on('message', (data) => {
      events.push(`message ${String(data)}`)
      socket.close(1000)
    })
    socket.on('error', (error) => events.push(`error ${error.message}`))
    socket.on('close', (code) => resolve([...events, `close ${code}`]))
  })
}

it.runIf(upgradesBridged)('the first `ws` connection, opened in the tick of listen(), is mocked like the next', async () => {
  await listenFresh()
  const roundTrip = () => wsOutcome(() => new WsPackageWebSocket('ws://chat.example.test/room'), (socket) => socket.send('hi'))
  const first = await roundTrip()
  expect(first).toEqual(['open', 'message echo hi', 'close 1000'])
  expect(await roundTrip()).toEqual(first)
})

it('the first `ws` connection terminated in the tick it was made fails as the next one does', async () => {
  await listenFresh()
  const terminated = () =>
    wsOutcome(
      () => {
        const socket = new WsPackageWebSocket('ws://chat.example.test/room')
        socket.terminate()
        return socket
      },
      () => {},
    )
  const first = await terminated()
  expect(first).toEqual(['error WebSocket was closed before the connection was established', 'close 1006'])
  expect(await terminated()).toEqual(first)
})

it('the first `ws` connection no handler takes fails under the error policy as the next one does', async () => {
  await listenFresh()
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    const unhandled = () => wsOutcome(() => new WsPackageWebSocket('ws://nobody.example.test/'), () => {})
    const first = await unhandled()
    expect(first.at(-1)).toBe('close 1006')
    expect(first.some((event) => event.startsWith('error '))).toBe(true)
    expect(first).not.toContain('open')
    expect(await unhandled()).toEqual(first)
  } finally {
    errors.mockRestore()
  }
})

it.runIf(fetchPatched)("the first fetch of node-fetch's Request, in the tick of listen(), is answered like the next", async () => {
  await listenFresh()
  const post = async () => {
    const request = new NodeFetchRequest('https://api.example.test/echo', { method: 'POST', body: 'from node-fetch', headers: { 'x-marker': 'foreign' } })
    const response = await fetch(request as unknown as Request)
    return { status: response.status, body: await response.json() }
  }
  const first = await post()
  expect(first).toEqual({ status: 200, body: { method: 'POST', body: 'from node-fetch', marker: 'foreign' } })
  expect(await post()).toEqual(first)
})

it.runIf(fetchPatched)("the first fetch with another realm's signal, aborted in the tick of the call, rejects with its reason as the next does", async () => {
  await listenFresh()
  const { window } = new JSDOM('')
  const aborted = async () => {
    const controller = new window.AbortController()
    const call = fetch('https://api.example.test/echo', { signal: controller.signal as unknown as AbortSignal })
    controller.abort(new Error('stopped by the caller'))
    return call.then(
      (response) => `answered ${response.status}`,
      (error: unknown) => `rejected: ${(error as Error).message}`,
    )
  }
  const first = await aborted()
  expect(first).toBe('rejected: stopped by the caller')
  expect(await aborted()).toBe(first)
})

it.runIf(fetchPatched)("the first fetch with another realm's signal that stays unaborted is answered like the next", async () => {
  await listenFresh()
  const { window } = new JSDOM('')
  const withSignal = async () => {
    const response = await fetch('https://api.example.test/echo', { method: 'PUT', body: 'kept', signal: new window.AbortController().signal as unknown as AbortSignal })
    return { status: response.status, body: await response.json() }
  }
  const first = await withSignal()
  expect(first).toEqual({ status: 200, body: { method: 'PUT', body: 'kept', marker: null } })
  expect(await withSignal()).toEqual(first)
})
