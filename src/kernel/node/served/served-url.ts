import type { IncomingMessage } from 'node:http'

/** A request path that stands for an absolute URL: `/https://api.example.com/users`. */
const ORIGIN_PREFIX = /^\/(https?):\/\/?/

/** Where the server listens, as the origin rule compares `Host` headers with it. */
export interface OwnAddress {
  /** `127.0.0.1:9090`: the host of the server's own origin. */
  readonly host: string
  /** `9090` */
  readonly port: string
}

/**
 * The URL a served request stands for, which handlers match. The origin rule:
 * 1. a path that starts with an absolute URL (`/https://api.example.com/users`)
 *    stands for that URL;
 * 2. a `Host` header that names another origin than the server (another port,
 *    or none, on a name that is no loopback one: `Host: api.example.com`, as
 *    sent through a load balancer, a proxy or a hosts-file entry) stands for
 *    that origin over https (`X-Forwarded-Proto: http` says http);
 * 3. any other request is on the server's own origin, where host-less
 *    handlers (`/users`) match, as they match any origin in Node.
 * So handlers of several origins are served from one port. `undefined` for a
 * target that is no URL.
 *
 * @example
 * servedUrl(incoming, { host: '127.0.0.1:9090', port: '9090' }) // http://127.0.0.1:9090/users for GET /users
 */
export function servedUrl(incoming: IncomingMessage, own: OwnAddress): URL | undefined {
  const target = incoming.url ?? '/'
  try {
    const prefixed = ORIGIN_PREFIX.exec(target)
    if (prefixed) return new URL(`${prefixed[1]}://${target.slice(prefixed[0].length)}`)
    const host = incoming.headers.host
    if (host === undefined || host === own.host || isOwnHost(host, own.port)) return new URL(target, `http://${host ?? own.host}`)
    const forwarded = incoming.headers['x-forwarded-proto']
    const protocol = typeof forwarded === 'string' && forwarded.split(',')[0]!.trim() === 'http' ? 'http' : 'https'
    return new URL(target, `${protocol}://${host}`)
  } catch {
    return undefined
  }
}

/** The server's own port under any name, or a loopback name on any port (a port mapping of a container). */
function isOwnHost(host: string, ownPort: string): boolean {
  const colon = host.lastIndexOf(':')
  const hasPort = colon > host.lastIndexOf(']')
  if (hasPort && host.slice(colon + 1) === ownPort) return true
  const name = hasPort ? host.slice(0, colon) : host
  return name === 'localhost' || name === '[::1]' || name.startsWith('127.')
}

/** True when the request names its URL in its path (rule 1): it passes through to that URL. */
export function isPrefixedOrigin(incoming: IncomingMessage): boolean {
  return ORIGIN_PREFIX.test(incoming.url ?? '/')
}
