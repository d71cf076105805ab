import type { Channel, HandlerList, RequestContext } from '../../kernel/index.js'

/** Wildcard key part: "any method" or "no static prefix". */
export const ANY = '*'

/**
 * REST handlers are filed under `METHOD /static/prefix`. A request looks up
 * every prefix of its path, for its method and for "any method", up to the
 * longest prefix a handler of the list filed itself under: at most
 * 2 × (depth + 1) map lookups whatever the number of handlers, and a cost
 * bounded by the patterns rather than the request's path (a 10,000-character
 * path builds no 10,000-character keys).
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
    const longestPrefix = longestPrefixOf(context.scope.list)
    const keys: string[] = [`${method} `, `${ANY} `]
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
  return `${method} ${staticPrefix}`
}

// Handler lists are immutable, so each one's bound is computed once (a list that
// extends another reads the other's bound and scans only its own handlers).
const longestPrefixes = new WeakMap<HandlerList, number>()

function longestPrefixOf(list: HandlerList): number {
  let longest = longestPrefixes.get(list)
  if (longest !== undefined) return longest
  const { base, handlers } = list
  longest = base === undefined ? 0 : longestPrefixOf(base)
  const own = handlers.length - (base?.handlers.length ?? 0)
  for (let position = 0; position < own; position++) {
    const { channel, key } = handlers[position]!.indexKey
    if (channel === httpChannel) longest = Math.max(longest, key.length - key.indexOf(' ') - 1)
  }
  longestPrefixes.set(list, longest)
  return longest
}
