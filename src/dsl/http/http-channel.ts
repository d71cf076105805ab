import type { Channel, RequestContext } from '../../kernel/index.js'

/** Wildcard key part: "any method" or "no static prefix". */
export const ANY = '*'

/**
 * The longest static prefix any handler filed itself under. A request key
 * longer than that cannot find a handler, so `requestKeys` stops there: its
 * cost is bounded by the patterns, not by the length of the request's path
 * (a 10,000-character path no longer builds 10,000-character keys per segment).
 */
let longestPrefix = 0

/**
 * REST handlers are filed under `METHOD /static/prefix`. A request looks up
 * every prefix of its path up to the longest filed prefix, for its method and
 * for "any method": at most 2 × (depth + 1) map lookups, whatever the number
 * of handlers, in time linear in the path.
 *
 * @example
 * // GET /posts/1 → ['GET ', '* ', 'GET /posts', '* /posts', 'GET /posts/1', '* /posts/1'] (as far as handlers need)
 * httpChannel.requestKeys(context)
 */
export const httpChannel: Channel = {
  name: 'http',
  requestKeys(context: RequestContext): readonly string[] {
    const { method } = context
    const pathname = context.url.pathname
    const keys: string[] = [`${method} `, `${ANY} `]
    // Only the part of the path a filed prefix could cover is read.
    const path = (pathname.length > longestPrefix + 1 ? pathname.slice(0, longestPrefix + 1) : pathname).toLowerCase()
    let prefix = ''
    let start = 0
    while (start < path.length) {
      let end = path.indexOf('/', start + 1)
      const complete = end !== -1 || path.length === pathname.length
      if (end === -1) end = path.length
      const segment = path.slice(start + 1, end)
      start = end
      if (segment === '') continue
      // A segment cut by the bound above is not a segment of the request.
      if (!complete) break
      prefix += `/${segment}`
      if (prefix.length > longestPrefix) break
      keys.push(`${method} ${prefix}`, `${ANY} ${prefix}`)
    }
    return keys
  },
}

/**
 * The key a handler files itself under.
 *
 * @example
 * httpIndexKey('GET', '/posts') // 'GET /posts'
 */
export function httpIndexKey(method: string, staticPrefix: string): string {
  if (staticPrefix.length > longestPrefix) longestPrefix = staticPrefix.length
  return `${method} ${staticPrefix}`
}
