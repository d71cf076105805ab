import type { IncomingMessage } from 'node:http'

// Every origin is allowed, with credentials: the mock serves development and tests, never a real user's data.

export function isPreflight(incoming: IncomingMessage): boolean {
  return incoming.method === 'OPTIONS' && incoming.headers.origin !== undefined && incoming.headers['access-control-request-method'] !== undefined
}

export function preflightAnswer(incoming: IncomingMessage): Response {
  const headers = new Headers({
    'access-control-allow-origin': incoming.headers.origin!,
    'access-control-allow-credentials': 'true',
    'access-control-allow-methods': incoming.headers['access-control-request-method']!,
    'access-control-max-age': '600',
    vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
  })
  const requested = incoming.headers['access-control-request-headers']
  if (requested) headers.set('access-control-allow-headers', requested)
  // Chrome's Private Network Access: a public page calling a local mock asks first.
  if (incoming.headers['access-control-request-private-network'] === 'true') headers.set('access-control-allow-private-network', 'true')
  return new Response(null, { status: 204, headers })
}

/** `undefined` for a same-origin or non-browser request (no `Origin`), or a response that sets CORS itself. */
export function corsAnswerHeaders(incoming: IncomingMessage, response: Response): Headers | undefined {
  const origin = incoming.headers.origin
  if (origin === undefined || response.type === 'error' || response.headers.has('access-control-allow-origin')) return undefined
  const headers = new Headers({ 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' })
  // With credentials, `*` is no wildcard for exposed headers: they are named.
  const exposed = [...new Set([...response.headers.keys()].filter((name) => name !== 'set-cookie'))]
  if (exposed.length > 0) headers.set('access-control-expose-headers', exposed.join(', '))
  return headers
}
