import type { IsAny } from '../shared/type-helpers.js'

/**
 * The event map of an `sse()` handler: event name → the type of its `data` (`message`: the unnamed event).
 *
 * @example
 * type ChatEvents = { message: { text: string }; typing: { user: string } }
 */
export type ServerSentEventMap = {
  message?: unknown
  [event: string]: unknown
}

type Values<Type> = Type[keyof Type]
type Simplify<Type> = { [Key in keyof Type]: Type[Key] } & {}

/** One named event: `event` is required except for `message`; `data` is required unless it may be undefined. */
type EventOf<Name, Data> = Simplify<
  (Name extends 'message' ? { event?: 'message' } : { event: Name }) & { id?: string; retry?: never } & (undefined extends Data
      ? { data?: Data }
      : { data: Data })
>

/**
 * What `client.send()` accepts: one of the map's events (`data` typed by its name), or `{ retry }` alone.
 *
 * @example
 * const message: ServerSentEventMessage<{ message: string; typing: { user: string } }> = { event: 'typing', data: { user: 'ann' } }
 */
export type ServerSentEventMessage<EventMap extends ServerSentEventMap = { message: unknown }> =
  | (IsAny<EventMap> extends true
      ? { id?: string; event?: string; data?: unknown; retry?: never }
      : // `message` is listed on its own: an index signature would swallow its literal key.
        | Values<{ [Name in keyof EventMap & string]: EventOf<Name, EventMap[Name]> }>
        | ('message' extends keyof EventMap ? EventOf<'message', EventMap['message']> : never))
  | { id?: never; event?: never; data?: never; retry: number }
