import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import type { ExchangeSink, StartingSource } from '../../contracts.js'
import { message } from '../../errors.js'
import { onFirstUse } from '../../on-first-use.js'
import { isPreflight, preflightAnswer } from './cors.js'
import { BodyTooLarge, readBody } from './read-body.js'
import { ServedExchange, type ServedExchangeHooks, type ServedOutcome } from './served-exchange.js'
import { servedUrl, type OwnAddress } from './served-url.js'
import { writeResponse } from './write-response.js'

const upgrades = onFirstUse(
  () => import('./served-upgrade.js'),
  (error) => new Error(message(`The mock server's WebSocket support could not be loaded (${String(error)}).`, 'Reinstall mocklib.')),
)

export interface ServedSourceOptions extends ServedExchangeHooks {
  readonly port: number
  readonly host: string
  /** Larger request bodies are answered 413. */
  readonly maxBodyBytes: number
  /** Runs first: true when it answered one of its own routes (the admin API). */
  readonly ownRoute?: (incoming: IncomingMessage, outgoing: ServerResponse) => boolean
}

export interface ServedSource extends StartingSource {
  /** `http://host:port`, once listening. */
  readonly origin: string
  readonly server: Server
}

/** The requests a `node:http` server receives, answered as intercepted ones: every handler works over the wire unchanged. */
export function createServedSource(options: ServedSourceOptions): ServedSource {
  const server = createServer()
  const upgraded = new Set<Duplex>()
  let origin = ''
  let own: OwnAddress = { host: '', port: '' }

  async function receive(sink: ExchangeSink, incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    if (options.ownRoute?.(incoming, outgoing)) return
    const url = servedUrl(incoming, own)
    if (url === undefined) return void writeResponse(plain(400, message(`"${incoming.url}" is no URL path.`)), outgoing, 'GET')
    let body: Uint8Array | undefined
    try {
      body = await readBody(incoming, options.maxBodyBytes)
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) return void outgoing.destroy()
      // The client may still be sending: the answer closes the connection rather than read the rest.
      outgoing.setHeader('connection', 'close')
      return settleAlone(new ServedExchange(incoming, outgoing, url, undefined, options), 'refused', plain(413, message(error.message, 'Send a smaller body, or start the server with a larger maxBodyBytes (--max-body).')))
    }
    const exchange = new ServedExchange(incoming, outgoing, url, body, options)
    if (options.cors && isPreflight(incoming)) return settleAlone(exchange, 'preflight', preflightAnswer(incoming))
    await sink(exchange)
  }

  return {
    name: 'served',
    server,
    get origin() {
      return origin
    },
    start(sink) {
      server.on('request', (incoming: IncomingMessage, outgoing: ServerResponse) => void receive(sink, incoming, outgoing).catch(() => outgoing.destroy()))
      server.on('upgrade', (incoming: IncomingMessage, socket: Duplex, head: Buffer) => {
        // Upgraded sockets leave the server's connection list: closing the server must end them itself.
        upgraded.add(socket)
        socket.once('close', () => upgraded.delete(socket))
        const url = servedUrl(incoming, own)
        if (url === undefined) return void socket.destroy()
        void upgrades.load().then(
          ({ offerServedUpgrade }) => offerServedUpgrade(sink, incoming, socket, head, url),
          () => socket.destroy(),
        )
      })
      return new Promise((resolve, reject) => {
        server.once('error', reject)
        server.listen(options.port, options.host, () => {
          server.off('error', reject)
          const address = server.address() as AddressInfo
          origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`
          own = { host: new URL(origin).host, port: String(address.port) }
          resolve(() => new Promise<void>((closed) => {
            server.close(() => closed())
            server.closeAllConnections()
            for (const socket of upgraded) socket.destroy()
          }))
        })
      })
    },
  }
}

function settleAlone(exchange: ServedExchange, outcome: ServedOutcome, response: Response): Promise<void> {
  exchange.outcome = outcome
  return exchange.write(response)
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } })
}
