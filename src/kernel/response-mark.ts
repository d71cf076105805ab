/**
 * A private flag on Response objects (a WeakSet, so marked responses are still
 * garbage-collected). Layers use one to recognise the responses their own
 * helpers made, such as `passthrough()`, without a visible header.
 */
export interface ResponseMark {
  /** Flags `response` and returns it. */
  mark<R extends Response>(response: R): R
  /** True when `response` was flagged. */
  has(response: Response): boolean
}

export function createResponseMark(): ResponseMark {
  const marked = new WeakSet<Response>()
  return {
    mark(response) {
      marked.add(response)
      return response
    },
    has: (response) => marked.has(response),
  }
}
