import type { WebSocketLinkFactory } from './ws.js'
import type { WebSocketLinkOptions } from './ws-types.js'
import { createLink } from './ws-link.js'

/**
 * `mock.ws(url)`: a link like `ws.link(url)` (same params, message types and
 * `parse`) whose handlers are expectations: `server.assertDone()` and
 * `server.pendingMocks()` report each one until it took a connection (or
 * its `times(n)`/`once()` connections). Every connection is recorded on the
 * handler and the link (`connections`, with its messages).
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
