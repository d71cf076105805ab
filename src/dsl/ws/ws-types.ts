import type { PathParams } from '../http/path-params.js'

// `ArrayBufferView<ArrayBuffer>` as an intersection: the generic form needs TypeScript 5.7 in a declaration file.
/**
 * The data a WebSocket frame carries.
 *
 * @example
 * const frame: WebSocketData = new TextEncoder().encode('hi')
 */
export type WebSocketData = string | ArrayBuffer | Blob | (ArrayBufferView & { readonly buffer: ArrayBuffer })

/**
 * A value `JSON.stringify` can send.
 *
 * @example
 * const value: JsonValue = { ok: true, items: [1, 2] }
 */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue | undefined }

/**
 * What clients send (`incoming`) and what the handler sends them (`outgoing`).
 *
 * @example
 * type Chat = { incoming: { type: 'say'; text: string }; outgoing: { type: 'said'; from: string; text: string } }
 */
export interface WebSocketMessageTypes {
  readonly incoming?: unknown
  readonly outgoing?: unknown
}

/**
 * The types of a link that declares none: raw frames, as msw.
 *
 * @example
 * const link: WebSocketLink<{}, RawMessageTypes['incoming'], RawMessageTypes['outgoing']> = ws.link('wss://x.example')
 */
export interface RawMessageTypes {
  readonly incoming: WebSocketData
  readonly outgoing: WebSocketData
}

/**
 * `incoming` of a message-types declaration (raw data when not declared).
 *
 * @example
 * type In = IncomingOf<{ incoming: { text: string } }> // { text: string }
 */
export type IncomingOf<Messages extends WebSocketMessageTypes> = Messages extends { incoming: infer In } ? In : WebSocketData
/**
 * `outgoing` of a message-types declaration (raw data when not declared).
 *
 * @example
 * type Out = OutgoingOf<{ incoming: string }> // WebSocketData
 */
export type OutgoingOf<Messages extends WebSocketMessageTypes> = Messages extends { outgoing: infer Out } ? Out : WebSocketData

/**
 * The params of a link URL: inferred from a string literal, a string record otherwise.
 *
 * @example
 * type P = WebSocketParams<'wss://chat.example/:room'> // { room: string }
 */
export type WebSocketParams<Url> = Url extends string ? PathParams<Url> : Record<string, string>

/**
 * `parse` turns each frame into the `incoming` type (`ws.json`); a link with a non-raw `incoming` must have one.
 *
 * @example
 * ws.link('wss://chat.example', { parse: (data) => ChatMessage.parse(JSON.parse(String(data))) })
 */
export interface WebSocketLinkOptions<Incoming> {
  readonly parse?: (data: WebSocketData) => Incoming
}
