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

/** A bounded list of calls: keeps the last `limit`, counts all. @internal */
export class CallHistory<Call> {
  #calls: Call[] = []
  #count = 0

  constructor(private readonly limit: number = MOCK_CALL_HISTORY_LIMIT) {}

  get count(): number {
    return this.#count
  }

  /** A copy, oldest first. */
  get calls(): readonly Call[] {
    return this.#calls.slice()
  }

  add(call: Call): void {
    this.#count++
    this.#calls.push(call)
    if (this.#calls.length > this.limit) this.#calls.shift()
  }

  clear(): void {
    this.#calls = []
    this.#count = 0
  }
}
