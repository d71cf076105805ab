import { createLink, type WebSocketLink } from './ws-link.js'
import type {
  IncomingOf,
  JsonValue,
  OutgoingOf,
  WebSocketData,
  WebSocketLinkOptions,
  WebSocketMessageTypes,
  WebSocketParams,
} from './ws-types.js'

type OptionsFor<Messages extends WebSocketMessageTypes> = [IncomingOf<Messages>] extends [WebSocketData]
  ? [options?: WebSocketLinkOptions<IncomingOf<Messages>>]
  : [options: Required<WebSocketLinkOptions<IncomingOf<Messages>>>]

/**
 * `ws.link`: params from a URL literal; message types from `parse` or `ws.link<{ incoming; outgoing }>(url)`.
 *
 * @example
 * ws.link('wss://chat.example/:room')                                  // params { room: string }, raw frames
 * ws.link('wss://feed.example', { parse: (data) => Number(data) })     // event.data: number
 * ws.link<{ incoming: Say; outgoing: Said }>('wss://chat.example', { parse: ws.json })
 */
export interface WebSocketLinkFactory {
  <const Url extends string | RegExp>(url: Url): WebSocketLink<WebSocketParams<Url>>
  <const Url extends string | RegExp, Incoming>(
    url: Url,
    options: { readonly parse: (data: WebSocketData) => Incoming },
  ): WebSocketLink<WebSocketParams<Url>, Incoming, WebSocketData | JsonValue>
  <Messages extends WebSocketMessageTypes, const Url extends string | RegExp = string>(
    url: Url,
    ...options: OptionsFor<Messages>
  ): WebSocketLink<WebSocketParams<Url>, IncomingOf<Messages>, OutgoingOf<Messages>>
}

/**
 * Mocks WebSocket servers (msw's `ws`): `ws.link(url).addEventListener('connection', …)` makes a
 * handler; `ws.json` parses JSON frames for typed links.
 *
 * @example
 * import { ws } from 'mocklib'
 * type Say = { type: 'say'; text: string }
 * type Said = { type: 'said'; room: string; text: string }
 * const chat = ws.link<{ incoming: Say; outgoing: Said }>('wss://chat.example/:room', { parse: ws.json })
 * const handler = chat.addEventListener('connection', ({ client, params }) => {
 *   client.addEventListener('message', (event) => {
 *     chat.broadcast({ type: 'said', room: params.room ?? '', text: event.data.text })
 *   })
 * })
 */
export const ws: {
  readonly link: WebSocketLinkFactory
  readonly json: (data: WebSocketData) => any
} = {
  link: ((url: string | RegExp, options?: WebSocketLinkOptions<unknown>) => createLink(url, options?.parse)) as WebSocketLinkFactory,
  json,
}

/**
 * `mock.ws(url)`: a `ws.link(url)` whose handlers are expectations (`server.assertDone()`,
 * `pendingMocks()`) and record every connection with its messages.
 *
 * @example
 * const chat = mock.ws('wss://chat.example/:room')
 * server.use(chat.addEventListener('connection', ({ client }) => client.send('welcome')).once())
 * // … the application connects …
 * server.assertDone()
 * expect(chat.connections[0]?.messages).toMatchObject([{ direction: 'outgoing', data: 'welcome' }])
 */
export const mockWebSocketLink: WebSocketLinkFactory = ((url: string | RegExp, options?: WebSocketLinkOptions<unknown>) =>
  createLink(url, options?.parse, true)) as WebSocketLinkFactory

/** Binary frames are decoded as UTF-8 first. */
function json(data: WebSocketData): any {
  if (typeof data === 'string') return JSON.parse(data)
  if (ArrayBuffer.isView(data)) return JSON.parse(new TextDecoder().decode(data))
  if (data instanceof ArrayBuffer) return JSON.parse(new TextDecoder().decode(new Uint8Array(data)))
  throw new TypeError('[mocklib] ws.json cannot read a Blob frame synchronously. Set `socket.binaryType = "arraybuffer"` on the client, or parse Blob frames yourself.')
}
