/**
 * What the runtime hands recording for every completed exchange of a scope
 * (the kernel produces it; recording only reads it).
 */
export interface CompletedExchange {
  readonly id: string
  /** An unread copy of the request as the client sent it. */
  readonly request: Request
  /** A clone of what the client got; `undefined` means a network error. */
  readonly response: Response | undefined
  readonly outcome: 'mocked' | 'passthrough' | 'bypass' | 'unhandled'
  /** `Date.now()` when the request started. */
  readonly startedAt: number
  /** Milliseconds until the response head. */
  readonly durationMs: number
}
