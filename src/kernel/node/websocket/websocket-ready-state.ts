// A WebSocket's readyState values, shared by the socket (websocket-mock-socket.ts, up front) and the
// handlers' end of it (websocket-socket-client.ts, loaded with the first connection).

/** The connection is not open yet. */
export const CONNECTING = 0
/** The connection is open: messages flow. */
export const OPEN = 1
/** `close()` was called; the close event has not fired yet. */
export const CLOSING = 2
/** Closed, or it failed to open. */
export const CLOSED = 3
