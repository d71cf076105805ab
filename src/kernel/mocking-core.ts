/**
 * The first kernel's source-facing surface (`resolve(request)` → a verdict),
 * kept while sources move to exchanges (`HttpExchange` in contracts.ts). A
 * runtime offers it through `Runtime.resolve`.
 */
import type { LifecycleEmitter } from './events.js'

export { createRequestId } from './request-id.js'

/**
 * What a source must do with an intercepted request: answer it with a
 * Response (which may be `Response.error()`: fail as a network error), send it
 * to the network, or fail it with an error (unhandled under the `'error'` policy).
 */
export type Resolution =
  | { readonly kind: 'mocked'; readonly response: Response }
  | { readonly kind: 'passthrough' }
  | { readonly kind: 'error'; readonly error: Error }

/** What a source of the first kernel needs from the runtime. */
export interface MockingCore {
  readonly emitter: LifecycleEmitter
  resolve(request: Request, requestId?: string): Promise<Resolution>
}
