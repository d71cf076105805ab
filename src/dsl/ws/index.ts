export { mockWebSocketLink, ws, type WebSocketLinkFactory } from './ws.js'
export type { WebSocketLink } from './ws-link.js'
export { WebSocketHandler, type WebSocketHandlerOptions } from './websocket-handler.js'
export {
  CONNECTION_MESSAGE_LIMIT,
  type WebSocketCloseRecord,
  type WebSocketConnectionRecord,
  type WebSocketMessageRecord,
} from './connection-record.js'
export {
  WebSocketClient,
  WebSocketServer,
  type WebSocketClientEventMap,
  type WebSocketConnectionInfoArgument,
  type WebSocketConnectionListener,
  type WebSocketServerEventMap,
} from './ws-connection.js'
export type {
  IncomingOf,
  JsonValue,
  OutgoingOf,
  RawMessageTypes,
  WebSocketData,
  WebSocketLinkOptions,
  WebSocketMessageTypes,
  WebSocketParams,
} from './ws-types.js'
export type { WebSocketCloseEvent, WebSocketConnectionInfo, WebSocketEvent, WebSocketLike, WebSocketListenerOptions, WebSocketMessageEvent } from './ws-events.js'
