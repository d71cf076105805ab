/**
 * One request a mock answered, as kept in `mock.calls`.
 *
 * @example
 * const created = mock.post('/posts').body<{ title: string }>().reply(201)
 * // … after the request:
 * created.calls[0]?.body.title // 'Hello'
 */
export interface MockCall<Params = Record<string, string>, Body = unknown> {
  /** The intercepted request (its body may have been read by then: use `body`). */
  readonly request: Request
  /** The request id, as in lifecycle events. */
  readonly requestId: string
  /** Path params (REST) or `{}`. */
  readonly params: Params
  /** The parsed body: JSON, a form as an object, the text, or `undefined` for none. */
  readonly body: Body
  /** When the request was answered (`Date.now()`). */
  readonly time: number
  /** The answered status: `0` for `networkError()`, `undefined` for `passthrough()`. */
  readonly status: number | undefined
}

/**
 * How many calls a mock keeps in `calls`. `callCount` counts every call; only
 * the most recent 100 are kept, so a mock that answers 100,000 requests holds
 * 100 records.
 */
export const MOCK_CALL_HISTORY_LIMIT = 100

/**
 * The calls of one mock: the last `MOCK_CALL_HISTORY_LIMIT` kept, all counted.
 * A plain record, read synchronously by the mock's getters; what adds to it
 * (`recordCall` in mock-answering.ts) loads with the first answer.
 * @internal
 */
export interface CallRecord<Call> {
  /** Oldest first. */
  kept: Call[]
  count: number
}
