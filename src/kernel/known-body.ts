/**
 * A getter a Response built from a string may have (`HttpResponse` does): the string, while the body
 * is unread and its stream not made, so a source writes it as is (a stream read costs more than the
 * rest of a small mocked answer).
 */
export const KNOWN_BODY: unique symbol = Symbol('mocklib.known-body')

export function knownBodyOf(response: Response): string | undefined {
  return (response as { [KNOWN_BODY]?: string })[KNOWN_BODY]
}
