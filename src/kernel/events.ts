import type { Handler } from './contracts.js'
import type { HandlerScope } from './handler-scope.js'
import type { RequestContext } from './request-context.js'

/**
 * Payload of the request lifecycle events.
 *
 * @example
 * server.events.on('request:start', ({ request, requestId }: RequestEventInfo) => console.log(requestId, request.url))
 */
export interface RequestEventInfo {
  readonly request: Request
  readonly requestId: string
}

/**
 * Payload of `response:mocked` and `response:bypass`.
 *
 * @example
 * server.events.on('response:mocked', ({ response, requestId }: ResponseEventInfo) => console.log(requestId, response.status))
 */
export interface ResponseEventInfo extends RequestEventInfo {
  readonly response: Response
}

/**
 * Payload of `unhandledException`: a resolver threw.
 *
 * @example
 * server.events.on('unhandledException', ({ request, error }: ExceptionEventInfo) => console.error(request.url, error))
 */
export interface ExceptionEventInfo extends RequestEventInfo {
  readonly error: Error
}

/**
 * The lifecycle events, in the order msw 2.15 emits them:
 * - mocked: `request:start` → `request:match` → `request:end` → `response:mocked`;
 * - `passthrough()` or all fell through: `request:start` → `request:match` → `request:end` → `response:bypass`;
 * - unmatched: `request:start` → `request:unhandled` → `request:end` → `response:bypass` (if let through);
 * - a resolver threw: `request:start` → `unhandledException` → `response:mocked` (the 500).
 *
 * With several servers, one whose request an older server answered only ends with `request:end`.
 *
 * @example
 * const onEnd: LifecycleListener<'request:end'> = ({ request }) => console.log(request.url)
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

/**
 * A listener of one lifecycle event.
 *
 * @example
 * const logEnd: LifecycleListener<'request:end'> = ({ request }) => console.log(request.method, request.url)
 * server.events.on('request:end', logEnd)
 */
export type LifecycleListener<EventName extends keyof LifecycleEventMap> = (
  info: LifecycleEventMap[EventName],
) => void

/**
 * Subscribe to lifecycle events (`server.events`).
 *
 * @example
 * server.events.on('request:start', ({ request }) => console.log(request.method, request.url))
 */
export interface LifecycleEvents {
  on<EventName extends keyof LifecycleEventMap>(event: EventName, listener: LifecycleListener<EventName>): void
  removeListener<EventName extends keyof LifecycleEventMap>(event: EventName, listener: LifecycleListener<EventName>): void
  removeAllListeners(event?: keyof LifecycleEventMap): void
}

/** A listener that throws is printed and never breaks the request it observes. */
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

  has(event: keyof LifecycleEventMap): boolean {
    return (this.#listeners.get(event)?.length ?? 0) > 0
  }

  emit<EventName extends keyof LifecycleEventMap>(event: EventName, info: LifecycleEventMap[EventName]): void {
    for (const listener of this.#listeners.get(event) ?? []) {
      try {
        ;(listener as LifecycleListener<EventName>)(info)
      } catch (error) {
        console.error(`[mocklib] A listener of "${event}" threw; the request goes on.`, error)
      }
    }
  }
}

/** An exchange once the client has its answer, as recording sees it (copies; no `response`: a network error). */
export interface CompletedExchange {
  readonly id: string
  readonly request: Request
  readonly response: Response | undefined
  readonly outcome: 'mocked' | 'passthrough' | 'bypass' | 'unhandled'
  readonly startedAt: number
  /** Milliseconds until the response head. */
  readonly durationMs: number
  readonly scope: HandlerScope
  readonly failure?: 'policy' | 'network'
}

/** History and assertions (`onHandled`/`onUnhandled`), recording (`onCompleted`, which alone makes the runtime copy traffic). */
export interface TrafficObserver {
  onHandled?(context: RequestContext, handler: Handler, response: Response): void
  onUnhandled?(context: RequestContext): void
  onCompleted?(exchange: CompletedExchange): void
}
