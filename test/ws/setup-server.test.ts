// setupServer starts the WebSocket source on listen(): the global WebSocket and
// the `ws` package's client are answered by ws.link handlers, and close() restores both.
import { http, HttpResponse, ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { WebSocket as WsClient } from 'ws'

const echo = ws.link('wss://echo.example.test/:channel')
const server = setupServer(
  echo.addEventListener('connection', ({ client, params }) => {
    client.addEventListener('message', (event) => client.send(`${params.channel}: ${String(event.data)}`))
  }),
  http.get('https://echo.example.test/health', () => HttpResponse.text('ok')),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

function roundTrip(socket: { send(data: string): void; addEventListener?: unknown; on?: unknown }, open: Promise<unknown>, next: () => Promise<string>): Promise<string> {
  return open.then(() => {
    socket.send('hi')
    return next()
  })
}

describe('setupServer with WebSocket handlers', () => {
  it('answers the global WebSocket', async () => {
    const socket = new WebSocket('wss://echo.example.test/global')
    const reply = await roundTrip(
      socket,
      new Promise((resolve) => socket.addEventListener('open', resolve, { once: true })),
      () => new Promise((resolve) => socket.addEventListener('message', (event) => resolve(String(event.data)), { once: true })),
    )
    socket.close()
    expect(reply).toBe('global: hi')
  })

  it('answers the ws package client, next to HTTP handlers', async () => {
    const socket = new WsClient('wss://echo.example.test/ws-package')
    const reply = await roundTrip(
      socket,
      new Promise((resolve) => socket.once('open', resolve)),
      () => new Promise((resolve) => socket.once('message', (data) => resolve(String(data)))),
    )
    socket.close()
    expect(reply).toBe('ws-package: hi')
    expect(await (await fetch('https://echo.example.test/health')).text()).toBe('ok')
  })

  it("refuses a connection no link matches under 'error', and prints why", async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    const socket = new WebSocket('wss://elsewhere.example.test/x')
    const outcome = await new Promise((resolve) => {
      socket.addEventListener('error', () => resolve('error'), { once: true })
      socket.addEventListener('open', () => resolve('open'), { once: true })
    })
    expect(outcome).toBe('error')
    expect(String(printed.mock.calls[0]?.[0])).toContain('wss://elsewhere.example.test/x')
    printed.mockRestore()
  })
})
