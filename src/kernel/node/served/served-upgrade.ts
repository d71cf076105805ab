import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { ExchangeSink, WebSocketExchange } from '../../contracts.js'
import { message } from '../../errors.js'
import { closeReason, INTERNAL_ERROR } from '../../websocket-exchange.js'
import { listenerFailureOf } from '../../websocket-dispatch.js'
import { connectionInfo } from '../websocket/websocket-bridge-ends.js'
import { bridgedEnds } from '../websocket/websocket-bridged-client.js'
import { acceptValueFor } from '../websocket/websocket-frames.js'

// Loaded by a mock server's first WebSocket upgrade request: a server whose clients speak only HTTP pays for none of it.

/** RFC 6455 over the request's own socket, so `ws` handlers answer real clients unchanged; untaken: 404. */
export function offerServedUpgrade(sink: ExchangeSink, incoming: IncomingMessage, socket: Duplex, head: Buffer, httpUrl: URL): void {
  const key = incoming.headers['sec-websocket-key']
  if (incoming.headers.upgrade?.toLowerCase() !== 'websocket' || typeof key !== 'string') return refuse(socket, 400, message('Only WebSocket upgrades are served.'))
  const url = new URL(httpUrl)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  if (head.length > 0) socket.unshift(head)
  // A greeting sent in `connection` reaches the socket once the handshake is written, never before it.
  const { wire, client, server, protocols } = bridgedEnds(url, incoming.headers['sec-websocket-protocol'])
  let settled = false
  const handshake = (): void => {
    if (settled) return
    settled = true
    const lines = ['HTTP/1.1 101 Switching Protocols', 'Upgrade: websocket', 'Connection: Upgrade', `Sec-WebSocket-Accept: ${acceptValueFor(key)}`]
    if (protocols[0] !== undefined) lines.push(`Sec-WebSocket-Protocol: ${protocols[0]}`)
    socket.write(`${lines.join('\r\n')}\r\n\r\n`)
    wire.pipe(socket)
    socket.pipe(wire)
    socket.once('close', () => wire.destroy())
    wire.once('close', () => socket.destroy())
  }
  const exchange: WebSocketExchange = {
    kind: 'websocket',
    id: client.id,
    url,
    protocols,
    connection: { client, server, info: connectionInfo(protocols) },
    accept: handshake,
    passthrough: () => {
      if (settled) return
      settled = true
      refuse(socket, 404, message(`No WebSocket handler took ${url.pathname}.`, 'Add a ws.link() handler for it.'))
    },
    errorWith: (error) => {
      if (listenerFailureOf(exchange) !== undefined) {
        // A handler took it and its listener threw: the handshake succeeded, then the server failed (1011).
        handshake()
        client.close(INTERNAL_ERROR, closeReason(error))
        return
      }
      if (settled) return
      settled = true
      refuse(socket, 500, error.message)
    },
  }
  void sink(exchange)
}

function refuse(socket: Duplex, status: number, text: string): void {
  const body = Buffer.from(text)
  socket.end(`HTTP/1.1 ${status} ${status === 404 ? 'Not Found' : status === 400 ? 'Bad Request' : 'Internal Server Error'}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${text}`)
}
