// Connection code: loaded with the first connection a WebSocket handler takes (see ws-channel.ts).
import { message } from '../../kernel/index.js'
import { enter } from './propagation.js'
import type { WebSocketEvent, WebSocketListener, WebSocketMessageEvent } from './ws-events.js'

/** What a wrapped listener needs from the connection it belongs to. */
export interface ListenerScope {
  /** The handler that added the listener (for cross-handler `stopPropagation`). */
  readonly owner: object
  /** How many handlers took this connection: with one, there is no other handler to stop. */
  readonly handlers: { count: number }
  /** What listeners get as `this`: the application's socket (msw binds them to it, on both ends). */
  readonly self?: unknown
  /** Turns a `message` event's data into the link's incoming type, if the link parses. */
  readonly parse?: ((data: any) => unknown) | undefined
  /** Called when a listener (or `parse`) throws: closes the client with 1011. */
  fail(error: unknown, where: string): void
}

type AnyListener = (this: any, event: any) => unknown

/**
 * Keeps, per original listener, the wrapper actually added to the event target
 * (so `removeEventListener` finds it). One table per connection end.
 */
export class ListenerTable {
  readonly #wrapped = new Map<string, WeakMap<AnyListener, WebSocketListener>>()

  constructor(readonly scope: ListenerScope) {}

  wrap(type: string, listener: AnyListener, parseMessages: boolean): WebSocketListener {
    let byListener = this.#wrapped.get(type)
    if (byListener === undefined) this.#wrapped.set(type, (byListener = new WeakMap()))
    const existing = byListener.get(listener)
    if (existing !== undefined) return existing
    const { scope } = this
    const wrapped = function (this: unknown, event: WebSocketEvent): void {
      const self = scope.self ?? this
      if (scope.handlers.count > 1 && !enter(event, scope.owner)) return
      try {
        const view = parseMessages && scope.parse !== undefined && type === 'message' ? withData(event, parsed(event as WebSocketMessageEvent, scope.parse)) : event
        const result = listener.call(self, view)
        if (result instanceof Promise) result.catch((error: unknown) => scope.fail(error, `a "${type}" listener`))
      } catch (error) {
        scope.fail(error, `a "${type}" listener`)
      }
    }
    byListener.set(listener, wrapped)
    return wrapped
  }

  unwrap(type: string, listener: AnyListener): WebSocketListener | undefined {
    return this.#wrapped.get(type)?.get(listener)
  }
}

const parsedData = new WeakMap<WebSocketEvent, Map<unknown, unknown>>()

/** Parses once per event and parse function, however many listeners read it. */
function parsed(event: WebSocketMessageEvent, parse: (data: any) => unknown): unknown {
  let byParse = parsedData.get(event)
  if (byParse === undefined) parsedData.set(event, (byParse = new Map()))
  if (!byParse.has(parse)) byParse.set(parse, parse(event.data))
  return byParse.get(parse)
}

/** The message printed when a listener throws (the client is closed with 1011). */
export function listenerFailure(header: string, where: string): string {
  return message(`${where} of the WebSocket handler "${header}" threw; the client was closed with code 1011.`, 'See the error that follows.')
}

/**
 * An event that shows `data` as given and is the original event otherwise
 * (`preventDefault()`, `stopPropagation()` act on the original, which every
 * listener shares).
 */
function withData<E extends WebSocketEvent>(event: E, data: unknown): E {
  return new Proxy(event, {
    get(target, key) {
      if (key === 'data') return data
      const value = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
