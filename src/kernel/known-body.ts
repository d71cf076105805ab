/**
 * The body a Response was built from, kept aside by the helpers that know it
 * (`HttpResponse.json/text/…`), so that a source writing the response onto a
 * wire can take the bytes as they are instead of reading the body stream
 * (a stream read costs more than the rest of a small mocked answer). The
 * helper keeps the record true: it withdraws it (`forgetBody`) as soon as the
 * body is read or its stream made.
 */
export type KnownBody = string | Uint8Array

// A symbol of this module: only the kernel and the helpers that import it can set or read it.
const BODY = Symbol('mocklib.known-body')

/**
 * Records that `response` was constructed with `body` (a string or bytes that
 * nothing changes afterwards), its body unread and its stream not yet made.
 * Returns `response`.
 * @internal
 *
 * @example
 * rememberBody(new Response(text, init), text)
 */
export function rememberBody<R extends Response>(response: R, body: KnownBody): R {
  ;(response as unknown as Record<symbol, KnownBody>)[BODY] = body
  return response
}

/**
 * Withdraws what `rememberBody` recorded: the body was read, or its stream
 * made, and writers must read the stream from now on.
 * @internal
 *
 * @example
 * forgetBody(response) // before handing its text to a reader
 */
export function forgetBody(response: Response): void {
  const record = response as unknown as Record<symbol, KnownBody | undefined>
  // Set rather than deleted: a deleted property would slow every later access to the object.
  if (record[BODY] !== undefined) record[BODY] = undefined
}

/**
 * The body `response` was built from, while nothing has read it nor made its
 * stream (`undefined` otherwise, or when no helper recorded one): the caller
 * may write it in place of reading the stream. Reads no property of the
 * Response itself (a helper may make its stream only when asked for it).
 * @internal
 *
 * @example
 * const body = knownBodyOf(response) ?? (await response.arrayBuffer())
 */
export function knownBodyOf(response: Response): KnownBody | undefined {
  return (response as unknown as Record<symbol, KnownBody | undefined>)[BODY]
}
