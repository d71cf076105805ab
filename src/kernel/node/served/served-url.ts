import type { IncomingMessage } from 'node:http'

/** A request path that stands for an absolute URL: `/https://api.example.com/users`. */
const ORIGIN_PREFIX = /^\/(https?):\/\/?/

/**
 * The URL a served request stands for, which handlers match. The origin rule:
 * a path that starts with an absolute URL (`/https://api.example.com/users`)
 * stands for that URL, so handlers of several origins are served from one
 * port; any other path is on the server's own origin (from the `Host` header),
 * where host-less handlers (`/users`) match as they match any origin in Node.
 * `undefined` for a target that is no URL.
 *
 * @example
 * servedUrl(incoming, '127.0.0.1:9090') // URL http://127.0.0.1:9090/users for GET /users
 */
export function servedUrl(incoming: IncomingMessage, ownHost: string): URL | undefined {
  const target = incoming.url ?? '/'
  try {
    const prefixed = ORIGIN_PREFIX.exec(target)
    if (prefixed) return new URL(`${prefixed[1]}://${target.slice(prefixed[0].length)}`)
    return new URL(target, `http://${incoming.headers.host ?? ownHost}`)
  } catch {
    return undefined
  }
}

/** True when `url` was given by the origin rule (a path starting with an absolute URL). */
export function isPrefixedOrigin(incoming: IncomingMessage): boolean {
  return ORIGIN_PREFIX.test(incoming.url ?? '/')
}
