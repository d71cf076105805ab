import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { ExchangeSink } from '../../contracts.js'
import { message } from '../../errors.js'
import { bridgedUpgrade } from '../websocket/websocket-upgrade-bridge.js'

// Loaded by a mock server's first WebSocket upgrade request: a server whose clients speak only HTTP pays for none of it.

/** RFC 6455 over the request's own socket, so `ws` handlers answer real clients unchanged; untaken: 404. */
export function offerServedUpgrade(sink: ExchangeSink, incoming: IncomingMessage, socket: Duplex, head: Buffer, httpUrl: URL): void {
  const key = incoming.headers['sec-websocket-key']
  if (incoming.headers.upgrade?.toLowerCase() !== 'websocket' || typeof key !== 'string') return refuse(socket, 400, message('Only WebSocket upgrades are served.'))
  const url = new URL(httpUrl)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  if (head.length > 0) socket.unshift(head)
  // A greeting sent in `connection` reaches the socket once the handshake is written, never before it.
  const exchange = bridgedUpgrade(url, key, incoming.headers['sec-websocket-protocol'], {
    upgrade(wire, acceptValue, protocol) {
      const lines = ['HTTP/1.1 101 Switching Protocols', 'Upgrade: websocket', 'Connection: Upgrade', `Sec-WebSocket-Accept: ${acceptValue}`]
      if (protocol !== undefined) lines.push(`Sec-WebSocket-Protocol: ${protocol}`)
      socket.write(`${lines.join('\r\n')}\r\n\r\n`)
      wire.pipe(socket)
      socket.pipe(wire)
      socket.once('close', () => wire.destroy())
      wire.once('close', () => socket.destroy())
    },
    passthrough: () => refuse(socket, 404, message(`No WebSocket handler took ${url.pathname}.`, 'Add a ws.link() handler for it.')),
    refuse: (error) => refuse(socket, 500, error.message),
  })
  void sink(exchange)
}

function refuse(socket: Duplex, status: number, text: string): void {
  const body = Buffer.from(text)
  socket.end(`HTTP/1.1 ${status} ${status === 404 ? 'Not Found' : status === 400 ? 'Bad Request' : 'Internal Server Error'}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${text}`)
}
