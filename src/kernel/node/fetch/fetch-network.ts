import { nodeMainGlobal } from '../main-realm.js'
import { NativeHeaders, NativeRequest } from '../native-fetch.js'

/**
 * The global fetch when mocklib loaded: the one that takes `NativeRequest`s as
 * they are and, when `NativeRequest` is undici's, the one the dispatcher source
 * answers (Node's own: Jest copies it into its contexts), so the one that can
 * play a mocked redirect or compressed body (`answerOnce`) whatever fetch a test
 * made global since (node-fetch, a polyfill, a wrapper). Where mocklib's
 * classes are Node's own while the environment's fetch is not (Jest with
 * cross-fetch's or whatwg-fetch's polyfill), it is Node's fetch.
 *
 * @example
 * sendThrough(fetchAtLoad!, request, answerHeader, undefined)
 */
export const fetchAtLoad: typeof fetch | undefined = NativeRequest !== undefined && NativeRequest === nodeMainGlobal()?.Request ? (nodeMainGlobal()?.fetch ?? globalThis.fetch) : globalThis.fetch

/**
 * Sends `request`, with the header `mark` added, through `send` (a real fetch)
 * without taking the body of `request` (`bodyText`, when given, is sent
 * instead). A fetch that is not the one `NativeRequest` belongs with (node-fetch,
 * a polyfill, Node's own under happy-dom) gets the URL and a plain init (with
 * the request's signal) rather than a Request it would misread.
 *
 * @example
 * sendThrough(realFetch, request, [BYPASS_HEADER, ownCall()], undefined)
 */
export function sendThrough(send: typeof fetch, request: Request, mark: readonly [string, string], bodyText: string | undefined): Promise<Response> {
  if (send === fetchAtLoad) {
    const headers = new NativeHeaders(request.headers)
    headers.set(mark[0], mark[1])
    return send(new NativeRequest(request, bodyText === undefined ? { headers } : { headers, body: bodyText }))
  }
  return sendAsInit(send, request, mark, bodyText)
}

async function sendAsInit(send: typeof fetch, request: Request, mark: readonly [string, string], bodyText: string | undefined): Promise<Response> {
  const headers: Array<[string, string]> = []
  request.headers.forEach((value, name) => headers.push([name, value]))
  headers.push([mark[0], mark[1]])
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  const body = bodyText ?? (hasBody && request.body !== null ? new Uint8Array(await request.arrayBuffer()) : undefined)
  const init: RequestInit = { method: request.method, headers, redirect: request.redirect }
  if (body !== undefined) init.body = body
  init.signal = request.signal
  return send(request.url, init)
}
