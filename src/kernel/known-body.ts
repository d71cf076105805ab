/**
 * The body a Response was built from, kept aside by the helpers that know it
 * (`HttpResponse.json/text/…`), so that a source writing the response onto a
 * wire can take the bytes as they are instead of reading the body stream
 * (a stream read costs more than the rest of a small mocked answer). The
 * stream stays untouched: whoever reads it gets the same bytes.
 */
export type KnownBody = string | Uint8Array

// A symbol of this module: only the kernel and the helpers that import it can set or read it.
const BODY = Symbol('mocklib.known-body')

/**
 * Records that `response` was constructed with `body` (a string or bytes that
 * nothing changes afterwards). Returns `response`.
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
 * The body `response` was built from, while its stream is still unread
 * (`undefined` otherwise, or when no helper recorded one): the caller may use
 * it in place of reading the stream.
 * @internal
 *
 * @example
 * const body = knownBodyOf(response) ?? (await response.arrayBuffer())
 */
export function knownBodyOf(response: Response): KnownBody | undefined {
  const body = (response as unknown as Record<symbol, KnownBody | undefined>)[BODY]
  if (body === undefined) return undefined
  // Read or being read (a reader holds it): the stream is the truth from now on.
  const stream = response.body
  return stream === null || response.bodyUsed || stream.locked ? undefined : body
}
