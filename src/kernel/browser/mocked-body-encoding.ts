const DECODABLE = new Set(['gzip', 'x-gzip', 'deflate'])

/**
 * What a page's fetch reads of a mocked answer with a `Content-Encoding`: the
 * body decoded, as the browser decodes a real one (gzip and deflate). A body
 * with a coding the page cannot decode (`br`: no DecompressionStream for it)
 * or does not know is left as it is, wholly. `response` itself when it has no
 * encoded body.
 *
 * @example
 * const delivered = decodedAnswer(new Response(gzipped, { headers: { 'content-encoding': 'gzip' } }))
 * await delivered.text() // the text before gzip
 */
export function decodedAnswer(response: Response): Response {
  const encoding = response.headers.get('content-encoding')
  // The header first: reading `body` makes the stream of a body that is still a string.
  if (encoding === null || encoding.trim() === '' || response.body === null) return response
  const codings = encoding.toLowerCase().split(',').map((part) => part.trim())
  if (!codings.every((coding) => DECODABLE.has(coding))) return response
  // Codings apply in the order listed: the last one is undone first.
  let body: ReadableStream<Uint8Array> = response.body
  for (const coding of codings.reverse()) body = body.pipeThrough(new DecompressionStream(coding === 'deflate' ? 'deflate' : 'gzip') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>)
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })
}
