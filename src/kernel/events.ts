import type { Handler } from './contracts.js'
import type { HandlerScope } from './handler-scope.js'
import type { RequestContext } from './request-context.js'

/** Payload of the request lifecycle events. */
export interface RequestEventInfo {
  readonly request: Request
  readonly requestId: string
}

/** Payload of `response:mocked` and `response:bypass`. */
export interface ResponseEventInfo extends RequestEventInfo {
  readonly response: Response
}

/** Payload of `unhandledException`: a resolver threw. */
export interface ExceptionEventInfo extends RequestEventInfo {
  readonly error: Error
}

/**
 * The lifecycle events of a runtime, in the order msw 2.15 emits them:
 * - mocked: `request:start` → `request:match` → `request:end` → `response:mocked`;
 * - `passthrough()`, or every matching handler answered nothing:
 *   `request:start` → `request:match` → `request:end` → `response:bypass`;
 * - no handler matched: `request:start` → `request:unhandled` → `request:end`
 *   → `response:bypass` (when the policy lets it through);
 * - a resolver threw: `request:start` → `unhandledException` → `response:mocked` (the 500).
 *
 * With several servers listening, a server emits `request:start` for every
 * request it is asked about; if an older server answers, the newer one only
 * ends with `request:end` (after `request:match` when its handlers fell
 * through), and the older servers never see a request a newer one answered;
 * if none answers, each server emits the ending above (see `answerInChain`).
 */
export interface LifecycleEventMap {
  'request:start': RequestEventInfo
  'request:match': RequestEventInfo
  'request:unhandled': RequestEventInfo
  'request:end': RequestEventInfo
  'response:mocked': ResponseEventInfo
  'response:bypass': ResponseEventInfo
  unhandledException: ExceptionEventInfo
}

/** A listener of one lifecycle event. */
export type LifecycleListener<EventName extends keyof LifecycleEventMap> = (
  info: LifecycleEventMap[EventName],
) => void

/**
 * The public face of the lifecycle emitter: subscribe and unsubscribe only.
 *
 * @example
 * server.events.on('request:start', ({ request }) => console.log(request.method, request.url))
 */
export interface LifecycleEvents {
  on<EventName extends keyof LifecycleEventMap>(event: EventName, listener: LifecycleListener<EventName>): void
  removeListener<EventName extends keyof LifecycleEventMap>(event: EventName, listener: LifecycleListener<EventName>): void
  removeAllListeners(event?: keyof LifecycleEventMap): void
}

/**
 * A small typed emitter. A listener that throws is reported on the console and
 * never breaks the request it observes.
 */
export class LifecycleEmitter implements LifecycleEvents {
  #listeners = new Map<keyof LifecycleEventMap, Array<(info: never) => void>>()

  on<EventName extends keyof LifecycleEventMap>(event: EventName, listener: LifecycleListener<EventName>): void {
    const list = this.#listeners.get(event) ?? []
    this.#listeners.set(event, [...list, listener as (info: never) => void])
  }

  removeListener<EventName extends keyof LifecycleEventMap>(event: EventName, listener: LifecycleListener<EventName>): void {
    const list = this.#listeners.get(event)
    if (list) this.#listeners.set(event, list.filter((candidate) => candidate !== listener))
  }

  removeAllListeners(event?: keyof LifecycleEventMap): void {
    if (event === undefined) this.#listeners.clear()
    else this.#listeners.delete(event)
  }

  /** True when someone listens to `event` (lets callers skip building payloads). */
  has(event: keyof LifecycleEventMap): boolean {
    return (this.#listeners.get(event)?.length ?? 0) > 0
  }

  emit<EventName extends keyof LifecycleEventMap>(event: EventName, info: LifecycleEventMap[EventName]): void {
    const list = this.#listeners.get(event)
    if (!list) return
    for (const listener of list) {
      try {
        ;(listener as LifecycleListener<EventName>)(info)
      } catch (error) {
        console.error(`[mocklib] A listener of "${event}" threw; the request goes on.`, error)
      }
    }
  }
}

/**
 * An exchange once the client has its answer, as recording sees it.
 * `request` is an unread copy of the request as the client sent it;
 * `response` a copy of what the client got (`undefined`: a network error).
 */
export interface CompletedExchange {
  readonly id: string
  readonly request: Request
  readonly response: Response | undefined
  readonly outcome: 'mocked' | 'passthrough' | 'bypass' | 'unhandled'
  /** `Date.now()` when the request started. */
  readonly startedAt: number
  /** Milliseconds until the response head. */
  readonly durationMs: number
  /** The scope (root or boundary) the request was made in. */
  readonly scope: HandlerScope
  /** Why there is no response: the unhandled-request policy refused it, or the network failed. */
  readonly failure?: 'policy' | 'network'
}

/**
 * A hook for layers that observe traffic: request history and assertions
 * (`onHandled`/`onUnhandled`), recording (`onCompleted`). Observers see every
 * exchange a runtime resolves, in the scope it was made in; a runtime without
 * observers pays nothing for the hook, and only `onCompleted` makes the
 * runtime copy requests and responses.
 */
export interface TrafficObserver {
  /** A handler answered the request (including with `passthrough()`). */
  onHandled?(context: RequestContext, handler: Handler, response: Response): void
  /** No handler answered the request. */
  onUnhandled?(context: RequestContext): void
  /** The client has its answer (see `CompletedExchange`). */
  onCompleted?(exchange: CompletedExchange): void
}
