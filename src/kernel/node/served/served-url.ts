import type { IncomingMessage } from 'node:http'

// `/https://api.example.com/users`
const ORIGIN_PREFIX = /^\/(https?):\/\/?/

export interface OwnAddress {
  /** `127.0.0.1:9090` */
  readonly host: string
  readonly port: string
}

/**
 * The origin rule, so handlers of several origins are served from one port:
 * 1. a path that starts with an absolute URL (`/https://api.example.com/users`) stands for it;
 * 2. a `Host` that names another origin (a proxy, a hosts-file entry) stands for it over https
 *    (`X-Forwarded-Proto: http` says http);
 * 3. else the server's own origin, where host-less handlers (`/users`) match.
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

/** A loopback name on any port: a container's port mapping. */
function isOwnHost(host: string, ownPort: string): boolean {
  const colon = host.lastIndexOf(':')
  const hasPort = colon > host.lastIndexOf(']')
  if (hasPort && host.slice(colon + 1) === ownPort) return true
  const name = hasPort ? host.slice(0, colon) : host
  return name === 'localhost' || name === '[::1]' || name.startsWith('127.')
}

/** Rule 1: it passes through to that URL. */
export function isPrefixedOrigin(incoming: IncomingMessage): boolean {
  return ORIGIN_PREFIX.test(incoming.url ?? '/')
}
