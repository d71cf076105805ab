// A getter of a Response built from a string (`HttpResponse`) while its stream is not made: a source writes
// the string as is, as a stream read costs more than the rest of a small mocked answer.
export const KNOWN_BODY: unique symbol = Symbol('mocklib.known-body')

export function knownBodyOf(response: Response): string | undefined {
  return (response as { [KNOWN_BODY]?: string })[KNOWN_BODY]
}
