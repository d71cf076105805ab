/** The codings a fetch decodes, by their `Content-Encoding` token, as `DecompressionStream` formats. */
const FORMATS: Record<string, CompressionFormat> = { gzip: 'gzip', 'x-gzip': 'gzip', deflate: 'deflate' }

/**
 * The body of a mocked `response` as a fetch hands it to the client: decoded
 * when its `Content-Encoding` is gzip or deflate (a real fetch decodes what
 * the server compressed; undici does it under Node, this under Bun and Deno,
 * in DOM test environments without undici, and in a page's in-page mode),
 * unchanged otherwise. Codings are undone last-applied first. An encoding it
 * does not know (br, zstd) leaves the body as it is, as the header says.
 *
 * @example
 * const body = decodedBody(new Response(gzipped, { headers: { 'content-encoding': 'gzip' } }))
 */
export function decodedBody(response: Response): ReadableStream<Uint8Array> | null {
  // The header first: reading `body` makes a stream of a body still held as a string.
  const encoding = response.headers.get('content-encoding')
  if (encoding === null) return response.body
  const body = response.body
  if (body === null) return body
  const codings = encoding
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity')
  if (codings.some((coding) => FORMATS[coding] === undefined)) return body
  let decoded: ReadableStream<Uint8Array> = body
  for (const coding of codings.reverse()) decoded = decoded.pipeThrough(new DecompressionStream(FORMATS[coding]!) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>)
  return decoded
}
