/**
 * A private flag on Response objects. Layers use one to recognise the
 * responses their own helpers made, such as `passthrough()`, without a
 * visible header.
 */
export interface ResponseMark {
  /** Flags `response` and returns it. */
  mark<R extends Response>(response: R): R
  /** True when `response` was flagged. */
  has(response: Response): boolean
}

/**
 * Creates a mark: a property under a symbol of its own (symbols stay out of
 * `for…in`, `Object.keys` and JSON). (A
 * WeakSet cost more per response than the rest of a mocked answer's
 * bookkeeping, and weak entries slow every garbage collection.)
 *
 * @example
 * const defaulted = createResponseMark()
 * defaulted.has(defaulted.mark(new Response('x'))) // true
 */
export function createResponseMark(): ResponseMark {
  const flag = Symbol('mocklib.response-mark')
  return {
    mark(response) {
      ;(response as unknown as Record<symbol, unknown>)[flag] = true
      return response
    },
    has: (response) => (response as unknown as Record<symbol, unknown>)[flag] === true,
  }
}
