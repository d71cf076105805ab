import type { Channel, HandlerList, RequestContext } from '../../kernel/index.js'

/**
 * REST handlers are filed under `METHOD /static/prefix`. A request looks up each prefix of its path, for its
 * method and for `*`, up to the longest prefix a handler of the list filed itself under: at most
 * 2 × (depth + 1) lookups whatever the number of handlers, bounded by the patterns rather than the request
 * (a 10,000-character path builds no 10,000-character keys). `GET /posts/1` looks up `GET `, `* `,
 * `GET /posts`, `* /posts`, `GET /posts/1` and `* /posts/1`.
 */
export const httpChannel: Channel = {
  name: 'http',
  requestKeys(context: RequestContext): readonly string[] {
    const { method } = context
    const pathname = context.url.pathname
    const longestPrefix = longestPrefixOf(context.scope.list)
    const keys: string[] = [`${method} `, '* ']
    const path = (pathname.length > longestPrefix + 1 ? pathname.slice(0, longestPrefix + 1) : pathname).toLowerCase()
    let prefix = ''
    let start = 0
    // A hand-written walk: a split costs twice as much on every request (measured).
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
      keys.push(`${method} ${prefix}`, `* ${prefix}`)
    }
    return keys
  },
}

export function httpIndexKey(method: string, staticPrefix: string): string {
  return `${method} ${staticPrefix}`
}

// Handler lists are immutable: each one's bound is computed once, from its base's and its own handlers.
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
