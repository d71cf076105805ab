import { message } from '../../errors.js'
import type { Forwarded } from './served-exchange.js'

const HOP_HEADERS = new Set(['host', 'connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'accept-encoding', 'content-length'])
// Made untrue by fetch decoding the body.
const DECODED_HEADERS = ['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']

/** A network failure answers 502 with the reason. */
export async function proxyRequest(request: Request, target: URL): Promise<Forwarded> {
  const headers = new Headers()
  for (const [name, value] of request.headers) if (!HOP_HEADERS.has(name)) headers.append(name, value)
  let real: Response
  try {
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer()
    real = await fetch(target, { method: request.method, headers, body: body && body.byteLength > 0 ? body : undefined, redirect: 'manual' })
  } catch (error) {
    const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)
    return {
      response: new Response(message(`${request.method} ${target.href} could not be proxied: ${reason}.`, 'Check that the proxy origin is up.'), {
        status: 502,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'x-mocklib-error': 'true' },
      }),
      real: false,
    }
  }
  const answer = new Headers(real.headers)
  for (const name of DECODED_HEADERS) answer.delete(name)
  return { response: new Response(real.body, { status: real.status, statusText: real.statusText, headers: answer }), real: true }
}
