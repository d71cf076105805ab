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
 * The lifecycle events of a runtime. For a mocked request the order is
 * `request:start` → `request:match` → `request:end` → `response:mocked`.
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
