// The socket layer is loaded by the first connection made while listening, not by
// `listen()`: until it is there, that connection is held, then intercepted like
// any other. Every listen() starts with the layer not applied, so each test here
// begins with a held connection.
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import nodeHttp from 'node:http'
import net from 'node:net'
import { Agent, request as undiciRequest } from 'undici'
import { afterEach, expect, it } from 'vitest'
import { failOnUnhandledRejection, useLocalServer } from './support/harness.js'

const real = useLocalServer()
failOnUnhandledRejection()

const server = setupServer(http.get('*/greeting', () => HttpResponse.text('mocked hello')))
afterEach(() => server.close())

/** Writes one raw HTTP/1.1 request on a socket and resolves with what the peer sent back, up to `body`. */
function rawExchange(socket: net.Socket, host: string, path: string, body: string): Promise<string> {
  socket.write(`GET ${path} HTTP/1.1\r\nhost: ${host}\r\n\r\n`)
  return new Promise((resolve, reject) => {
    let text = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      text += chunk
      if (text.endsWith(body)) {
        socket.destroy()
        resolve(text)
      }
    })
    socket.on('error', reject)
  })
}

it('a client with its own undici Agent, in the tick of listen(), gets the mocked answer', async () => {
  server.listen({ onUnhandledRequest: 'error' })
  const dispatcher = new Agent()
  try {
    const response = await undiciRequest('https://api.example.test/greeting', { dispatcher })
    expect(response.statusCode).toBe(200)
    expect(await response.body.text()).toBe('mocked hello')
  } finally {
    await dispatcher.close()
  }
})

it('a raw socket written before it connected gets the mocked answer', async () => {
  server.listen({ onUnhandledRequest: 'error' })
  const socket = net.connect(80, 'api.example.test')
  expect(socket.connecting).toBe(true)
  const text = await rawExchange(socket, 'api.example.test', '/greeting', 'mocked hello')
  expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
})

it('a connection held when close() comes goes to the network, as after close()', async () => {
  server.listen({ onUnhandledRequest: 'error' })
  const { hostname, port } = new URL(real.origin)
  const socket = net.connect(Number(port), hostname)
  server.close()
  const text = await rawExchange(socket, `${hostname}:${port}`, '/after-close', 'real GET /after-close')
  expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
  expect(real.received.map((request) => request.url)).toContain('/after-close')
})

it('a held connection with a bad port fails with its error event, and the next requests still work', async () => {
  server.listen({ onUnhandledRequest: 'error' })
  const socket = new net.Socket()
  const failed = new Promise<NodeJS.ErrnoException>((resolve) => socket.on('error', resolve))
  // Node throws this synchronously; while the layer loads, the held connection reports it as its error event.
  expect(() => socket.connect({ port: 70_000, host: 'api.example.test' })).not.toThrow()
  expect((await failed).code).toBe('ERR_SOCKET_BAD_PORT')
  expect(await (await fetch('https://api.example.test/greeting')).text()).toBe('mocked hello')
  const dispatcher = new Agent()
  try {
    expect(await (await undiciRequest('https://api.example.test/greeting', { dispatcher })).body.text()).toBe('mocked hello')
  } finally {
    await dispatcher.close()
  }
})

it.runIf(process.env.MOCKLIB_HTTP_LAYER !== 'socket' && process.env.MOCKLIB_FETCH_LAYER !== 'socket')(
  'mocked fetch and node:http requests never load the socket layer',
  async () => {
    const connect = net.Socket.prototype.connect
    server.listen({ onUnhandledRequest: 'error' })
    const heldBy = net.Socket.prototype.connect
    expect(heldBy).not.toBe(connect)
    expect(await (await fetch('https://api.example.test/greeting')).text()).toBe('mocked hello')
    const viaNodeHttp = await new Promise<string>((resolve, reject) => {
      nodeHttp
        .get('http://api.example.test/greeting', (response) => {
          let body = ''
          response.setEncoding('utf8')
          response.on('data', (chunk: string) => (body += chunk))
          response.on('end', () => resolve(body))
        })
        .on('error', reject)
    })
    expect(viaNodeHttp).toBe('mocked hello')
    await new Promise((resolve) => setTimeout(resolve, 20))
    // Still the holding function: nothing asked for the socket layer.
    expect(net.Socket.prototype.connect).toBe(heldBy)
    server.close()
    expect(net.Socket.prototype.connect).toBe(connect)
  },
)
