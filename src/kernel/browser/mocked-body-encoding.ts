import { decodedBody } from '../decode-body.js'

/**
 * What a page's fetch reads of a mocked answer with a `Content-Encoding`: the
 * body decoded, as the browser decodes a real one (gzip and deflate; see
 * decode-body.ts). `response` itself when nothing is to be decoded.
 *
 * @example
 * const delivered = decodedAnswer(new Response(gzipped, { headers: { 'content-encoding': 'gzip' } }))
 * await delivered.text() // the text before gzip
 */
export function decodedAnswer(response: Response): Response {
  // The header first: reading `body` makes a stream of a body still held as a string.
  const encoding = response.headers.get('content-encoding')
  if (encoding === null || encoding.trim() === '') return response
  const body = decodedBody(response)
  if (body === null || body === response.body) return response
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })
}
