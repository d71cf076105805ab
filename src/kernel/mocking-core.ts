import { ResolverError } from './dispatch.js'
import { exceptionResponse } from './errors.js'
import { LifecycleEmitter } from './events.js'
import { BYPASS_HEADER, isPassthrough } from './passthrough.js'
import { RequestContext } from './request-context.js'
import { dispatchSplittable } from './request-splitter.js'
import type { ScopeStore } from './scope-store.js'
import type { TrafficObserver } from './traffic-observer.js'
import { applyUnhandledPolicy, type UnhandledRequestStrategy } from './unhandled-policy.js'

/**
 * What an adapter must do with an intercepted request: answer it with a
 * Response (which may be `Response.error()`: fail as a network error), send it
 * to the network, or fail it with an error (unhandled under the `'error'` policy).
 */
export type Resolution =
  | { readonly kind: 'mocked'; readonly response: Response }
  | { readonly kind: 'passthrough' }
  | { readonly kind: 'error'; readonly error: Error }

const PASSTHROUGH: Resolution = { kind: 'passthrough' }

/** Options of the core, set by the runtime. */
export interface MockingCoreOptions {
  /** Extra cookies for a request (the page's cookies in a browser). */
  readonly readCookies?: (request: Request) => Record<string, string>
}

let nextRequestId = 0
const idPrefix = Math.random().toString(36).slice(2, 8)

/** A request id unique within this process. */
export function createRequestId(): string {
  return `${idPrefix}-${(nextRequestId++).toString(36)}`
}

/**
 * The runtime-agnostic heart of a runtime: resolves one request against the
 * current scope's handlers, emits the lifecycle events, and applies the
 * unhandled-request policy. Adapters (fetch, sockets, a Service Worker) only
 * translate requests in and resolutions out.
 */
export class MockingCore {
  readonly emitter = new LifecycleEmitter()
  readonly observers = new Set<TrafficObserver>()
  onUnhandledRequest: UnhandledRequestStrategy = 'warn'

  constructor(
    readonly store: ScopeStore,
    private readonly options: MockingCoreOptions = {},
  ) {}

  async resolve(request: Request, requestId: string = createRequestId()): Promise<Resolution> {
    if (request.headers.has(BYPASS_HEADER)) return PASSTHROUGH
    const emitter = this.emitter
    const info = { request, requestId }
    emitter.emit('request:start', info)
    const context = new RequestContext(request, requestId, this.store.current(), this.options.readCookies)

    let match
    try {
      match = await dispatchSplittable(context.scope.list, context, (part) =>
        emitter.emit('unhandledException', { ...info, error: asError(part.thrown) }),
      )
    } catch (error) {
      if (!(error instanceof ResolverError)) throw error
      const thrown = asError(error.thrown)
      emitter.emit('unhandledException', { ...info, error: thrown })
      match = { handler: error.handler, response: exceptionResponse(thrown) }
    }

    if (match === undefined) {
      for (const observer of this.observers) observer.onUnhandled?.(context)
      emitter.emit('request:unhandled', info)
      const verdict = applyUnhandledPolicy(this.onUnhandledRequest, request, context.url, context.notes)
      emitter.emit('request:end', info)
      return verdict.fail ? { kind: 'error', error: verdict.error } : PASSTHROUGH
    }

    const { handler, response } = match
    for (const observer of this.observers) observer.onHandled?.(context, handler, response)
    if (isPassthrough(response)) {
      emitter.emit('request:end', info)
      return PASSTHROUGH
    }
    emitter.emit('request:match', info)
    emitter.emit('request:end', info)
    if (emitter.has('response:mocked')) emitter.emit('response:mocked', { ...info, response: response.clone() })
    return { kind: 'mocked', response }
  }
}

function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown))
}
