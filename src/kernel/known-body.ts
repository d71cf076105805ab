// A getter of a Response built from a string (`HttpResponse`) while its stream is not made: a source writes
// the string as is, as a stream read costs more than the rest of a small mocked answer.
export const KNOWN_BODY: unique symbol = Symbol('mocklib.known-body')

export function knownBodyOf(response: Response): string | undefined {
  return (response as { [KNOWN_BODY]?: string })[KNOWN_BODY]
}

/** The statuses whose body is always null: `new Response(body)` throws for them. */
export const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 103, 204, 205, 304])
