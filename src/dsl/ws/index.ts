export { ws, type WebSocketLinkFactory } from './ws.js'
export type { WebSocketLink } from './ws-link.js'
export { WebSocketHandler, type WebSocketConnectionInfoArgument, type WebSocketConnectionListener } from './websocket-handler.js'
export { WebSocketClient, WebSocketServer, type WebSocketClientEventMap, type WebSocketServerEventMap } from './ws-connection.js'
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
