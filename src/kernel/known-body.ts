/**
 * The key of a getter that a Response built from a string may have (the DSL's
 * `HttpResponse` does): it gives the string while nothing has read the body
 * nor made its stream, so that a source writing the response onto a wire
 * sends it as it is instead of reading a stream (a stream read costs more than
 * the rest of a small mocked answer). Derived from the response's own state on
 * each read, so it can never disagree with it.
 * @internal
 */
export const KNOWN_BODY: unique symbol = Symbol('mocklib.known-body')

/**
 * The string `response` was built from, while its body is unread and its
 * stream not made (`undefined` otherwise, or for a Response that does not
 * say): the caller may write it in place of reading the stream. Reads no
 * other property of the Response (which may make its stream only when asked).
 * @internal
 *
 * @example
 * const body = knownBodyOf(response) ?? (await response.arrayBuffer())
 */
export function knownBodyOf(response: Response): string | undefined {
  return (response as { [KNOWN_BODY]?: string })[KNOWN_BODY]
}
