import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocketServer } from 'ws'
import { browserSuite } from './harness.js'

// A Service Worker never sees WebSockets: setupWorker patches the page's
// WebSocket in both interception modes. A real `ws` server on 127.0.0.1 plays
// the server that `server.connect()` and unhandled connections reach.
let real: WebSocketServer
let realUrl: string
/** What the real server received, per connection path: `path: message`, plus `connect path`. */
const received: string[] = []

beforeAll(async () => {
  real = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  await new Promise<void>((resolve) => real.once('listening', resolve))
  realUrl = `ws://127.0.0.1:${(real.address() as AddressInfo).port}`
  real.on('connection', (socket, request) => {
    const path = request.url ?? '/'
    received.push(`connect ${path}`)
    socket.send('secret')
    socket.send('hello from the real server')
    socket.on('message', (data) => {
      received.push(`${path}: ${String(data)}`)
      socket.send(`real: ${String(data)}`)
    })
  })
})

afterAll(async () => {
  for (const client of real.clients) client.terminate()
  await new Promise<void>((resolve) => real.close(() => resolve()))
})

describe.each(['service-worker', 'in-page'] as const)('WebSocket (%s mode)', (mode) => {
  const suite = browserSuite()

  it('answers the page WebSocket from a ws.link: welcome, echo, broadcast to three clients, broadcastExcept', async () => {
    received.length = 0
    const result = await suite.page.evaluate(async (interception) => {
      const { setupWorker, ws } = window.mocklib
      const chat = ws.link('wss://chat.example/:room')
      window.worker = setupWorker(
        chat.addEventListener('connection', ({ client, params, info }) => {
          client.send(`welcome to ${params.room} (${String(info.protocols)})`)
          client.addEventListener('message', (event) => {
            const text = String(event.data)
            if (text.startsWith('echo ')) client.send(text.slice(5))
            else if (text.startsWith('all ')) chat.broadcast(text.slice(4))
            else if (text.startsWith('others ')) chat.broadcastExcept(client, text.slice(7))
          })
        }),
      )
      await window.worker.start({ interception, quiet: true })
      const sockets = [0, 1, 2].map(() => new WebSocket('wss://chat.example/lobby', 'chat.v1'))
      const inbox = sockets.map(() => [] as string[])
      sockets.forEach((socket, index) => socket.addEventListener('message', (event) => inbox[index]!.push(String(event.data))))
      const until = async (check: () => boolean) => {
        for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
      }
      await until(() => inbox.every((messages) => messages.length === 1))
      sockets[0]!.send('echo ping')
      await until(() => inbox[0]!.length === 2)
      sockets[1]!.send('all news')
      await until(() => inbox.every((messages) => messages.includes('news')))
      sockets[2]!.send('others psst')
      await until(() => inbox[0]!.includes('psst') && inbox[1]!.includes('psst'))
      // Give a wrong delivery to the sender the time to show up.
      await new Promise((resolve) => setTimeout(resolve, 50))
      const protocol = sockets[0]!.protocol
      sockets.forEach((socket) => socket.close())
      return { inbox, protocol, isOpenState: sockets.map((socket) => socket.readyState) }
    }, mode)
    expect(result.inbox).toEqual([
      ['welcome to lobby (chat.v1)', 'ping', 'news', 'psst'],
      ['welcome to lobby (chat.v1)', 'news', 'psst'],
      ['welcome to lobby (chat.v1)', 'news'],
    ])
    expect(received).toEqual([])
  })

  it('use() adds handlers that take new connections first; resetHandlers() removes them', async () => {
    const result = await suite.page.evaluate(async (interception) => {
      const { setupWorker, ws } = window.mocklib
      const feed = ws.link('wss://feed.example/live')
      window.worker = setupWorker(feed.addEventListener('connection', ({ client }) => client.send('initial')))
      await window.worker.start({ interception, quiet: true })
      const greetings = async (): Promise<string[]> => {
        const socket = new WebSocket('wss://feed.example/live')
        const inbox: string[] = []
        socket.addEventListener('message', (event) => inbox.push(String(event.data)))
        await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }))
        await new Promise((resolve) => setTimeout(resolve, 50))
        socket.close()
        return inbox
      }
      const before = await greetings()
      window.worker.use(feed.addEventListener('connection', ({ client }) => client.send('override')))
      const overridden = await greetings()
      window.worker.resetHandlers()
      const reset = await greetings()
      return { before, overridden, reset }
    }, mode)
    // As msw: every matching link handler gets the connection, runtime handlers first.
    expect(result).toEqual({ before: ['initial'], overridden: ['override', 'initial'], reset: ['initial'] })
  })

  it('history: webSocketConnections() records each connection; assertDone() waits for a mock.ws connection', async () => {
    const result = await suite.page.evaluate(async (interception) => {
      const { setupWorker, mock } = window.mocklib
      const chat = mock.ws('wss://chat.example/:room')
      window.worker = setupWorker(chat.addEventListener('connection', ({ client }) => client.addEventListener('message', (event) => client.send(`echo ${String(event.data)}`))))
      await window.worker.start({ interception, quiet: true })
      const failure = (): string => {
        try {
          window.worker.assertDone()
          return 'done'
        } catch (error) {
          return (error as Error).message
        }
      }
      const before = failure()
      const socket = new WebSocket('wss://chat.example/lobby', ['v1'])
      const echoed = new Promise((resolve) => socket.addEventListener('message', resolve, { once: true }))
      await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }))
      socket.send('hi')
      await echoed
      socket.close(1000, 'bye')
      await new Promise((resolve) => socket.addEventListener('close', resolve, { once: true }))
      await new Promise((resolve) => setTimeout(resolve, 50))
      const records = window.worker.webSocketConnections().map((record) => ({
        url: record.url,
        params: record.params,
        protocols: record.protocols,
        messages: record.messages.map((message) => `${message.direction} ${String(message.data)}`),
        closed: record.closed?.code,
      }))
      return { before, after: failure(), records }
    }, mode)
    expect(result.before).toContain('wss://chat.example/:room')
    expect(result.after).toBe('done')
    expect(result.records).toEqual([
      { url: 'wss://chat.example/lobby', params: { room: 'lobby' }, protocols: ['v1'], messages: ['incoming hi', 'outgoing echo hi'], closed: 1000 },
    ])
  })

  it('server.connect() opens the real socket; events are patched both ways', async () => {
    received.length = 0
    const result = await suite.page.evaluate(
      async ({ interception, url }) => {
        const { setupWorker, ws } = window.mocklib
        const live = ws.link(`${url}/live`)
        window.worker = setupWorker(
          live.addEventListener('connection', ({ client, server }) => {
            server.connect()
            server.addEventListener('message', (event) => {
              if (event.data !== 'secret') return
              event.preventDefault()
              client.send('patched by the handler')
            })
            client.addEventListener('message', (event) => {
              if (event.data !== 'local') return
              event.preventDefault()
              client.send('answered locally')
            })
          }),
        )
        await window.worker.start({ interception, quiet: true })
        const socket = new WebSocket(`${url}/live`)
        const inbox: string[] = []
        socket.addEventListener('message', (event) => inbox.push(String(event.data)))
        const until = async (check: () => boolean) => {
          for (let i = 0; i < 300 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
        }
        await until(() => inbox.length === 2)
        socket.send('local')
        socket.send('ping')
        await until(() => inbox.length === 4)
        socket.close()
        return inbox
      },
      { interception: mode, url: realUrl },
    )
    expect(result).toEqual(['patched by the handler', 'hello from the real server', 'answered locally', 'real: ping'])
    expect(received).toEqual(['connect /live', '/live: ping'])
  })

  it("unhandled connections: 'bypass' reaches the real server, 'error' refuses with 1011; stop() restores WebSocket", async () => {
    received.length = 0
    const result = await suite.page.evaluate(
      async ({ interception, url }) => {
        const { setupWorker, ws } = window.mocklib
        const original = WebSocket
        const until = async (check: () => boolean) => {
          for (let i = 0; i < 300 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
        }
        const open = async (path: string) => {
          const socket = new WebSocket(`${url}${path}`)
          const events: string[] = []
          socket.addEventListener('open', () => events.push('open'))
          socket.addEventListener('message', (event) => events.push(String(event.data)))
          socket.addEventListener('error', () => events.push('error'))
          socket.addEventListener('close', (event) => events.push(`close ${event.code}`))
          await until(() => events.some((event) => event.startsWith('close') || event === 'hello from the real server'))
          socket.close()
          return events
        }
        window.worker = setupWorker(ws.link(`${url}/known`).addEventListener('connection', () => {}))
        await window.worker.start({ interception, quiet: true, onUnhandledRequest: 'bypass' })
        const patched = WebSocket !== original
        const bypassed = await open('/bypassed')
        await window.worker.stop()
        window.worker = setupWorker(ws.link(`${url}/known`).addEventListener('connection', () => {}))
        await window.worker.start({ interception, quiet: true, onUnhandledRequest: 'error' })
        const refused = await open('/refused')
        await window.worker.stop()
        return { patched, restored: WebSocket === original, bypassed, refused }
      },
      { interception: mode, url: realUrl },
    )
    expect(result.patched).toBe(true)
    expect(result.restored).toBe(true)
    expect(result.bypassed.slice(0, 3)).toEqual(['open', 'secret', 'hello from the real server'])
    expect(result.refused).toEqual(['error', 'close 1011'])
    expect(received).toEqual(['connect /bypassed'])
    expect(suite.browser.console.some((line) => line.startsWith('error:') && line.includes(`${realUrl}/refused`))).toBe(true)
  })
})
