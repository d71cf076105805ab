export { sse, type ServerSentEventHandlerFactory, type ServerSentEventResolver, type ServerSentEventResolverInfo } from './sse.js'
export { ServerSentEventClient } from './sse-client.js'
export { ForwardedEventSource, ServerSentEventServer } from './sse-server.js'
export type { ServerSentEventMap, ServerSentEventMessage } from './sse-types.js'
