import { http } from '../http/http.js'
import type { HttpHandler } from '../http/http-handler.js'
import { parseHar } from './har-document.js'
import { HarReplay, type HarRequestKey } from './har-replay.js'
import type { Har } from './har-types.js'

/** Options of `fromHar`. */
export interface FromHarOptions {
  /**
   * What identifies a request (default: method and full URL, query included).
   * Called with the live request and with a request rebuilt from each entry;
   * requests with equal keys answer from the same entries.
   *
   * @example
   * // Ignore the cache-busting `t` query parameter.
   * match: (request) => {
   *   const url = new URL(request.url)
   *   url.searchParams.delete('t')
   *   return `${request.method} ${url}`
   * }
   */
  readonly match?: HarRequestKey
}

/**
 * Request handlers that answer the requests a HAR recorded. A request matches
 * an entry by method and URL (query included), and by body when entries share
 * them; entries with the same key answer in recorded order and the last one
 * repeats. A request no entry matches goes on to the next handler, so a
 * recording mixes with hand-written handlers (put overrides first).
 *
 * Header values replay as the bytes the server sent: a value is one byte per
 * character, as clients read it (`café` is the byte 0xE9 for é), except a
 * value with characters above U+00FF, which only a tool that decoded the
 * bytes as UTF-8 writes: its UTF-8 bytes are sent.
 *
 * @example
 * import { fromHar } from 'mocklib'
 * import { setupServer } from 'mocklib/node'
 * import { readFileSync } from 'node:fs'
 *
 * const server = setupServer(...fromHar(readFileSync('fixtures/api.har', 'utf8')))
 */
export function fromHar(har: Har | string, options: FromHarOptions = {}): HttpHandler[] {
  const replay = new HarReplay(parseHar(har), options.match)
  return [http.all(({ request }) => replay.answers(request), ({ request }) => replay.respond(request))]
}
