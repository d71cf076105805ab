import type { Channel, RequestContext } from '../../kernel/index.js'

/** Wildcard key part: "any method" or "no static prefix". */
export const ANY = '*'

/**
 * REST handlers are filed under `METHOD /static/prefix`. A request looks up
 * every prefix of its path, for its method and for "any method": at most
 * 2 × (depth + 1) map lookups, whatever the number of handlers.
 */
export const httpChannel: Channel = {
  name: 'http',
  requestKeys(context: RequestContext): readonly string[] {
    const segments = context.url.pathname.toLowerCase().split('/')
    const keys: string[] = []
    let prefix = ''
    for (let i = 0; i <= segments.length; i++) {
      if (i > 0) {
        const segment = segments[i - 1]
        if (segment === '' || segment === undefined) continue
        prefix += `/${segment}`
      }
      keys.push(`${context.method} ${prefix}`, `${ANY} ${prefix}`)
    }
    return keys
  },
}

/** The key a handler files itself under. */
export function httpIndexKey(method: string, staticPrefix: string): string {
  return `${method} ${staticPrefix}`
}
