import { followerOf } from './foreign-fetch-input.js'
import { nodeMainGlobal } from './main-realm.js'
import { NativeHeaders, NativeRequest } from './native-fetch.js'

/** The global fetch when mocklib loaded: the one that takes `NativeRequest`s as they are. */
const fetchAtLoad: typeof fetch | undefined = globalThis.fetch

/**
 * Node's own fetch (undici's, of the main realm), taken when mocklib loaded: the
 * one the dispatcher source answers, so the one that can follow a mocked
 * redirect or decode a mocked compressed body (`answerOnce`), whatever fetch the
 * test environment or setup made global (happy-dom's, node-fetch, a polyfill).
 *
 * @example
 * undiciFetch(url, { headers: [answerHeader] })
 */
export const undiciFetch: typeof fetch | undefined = nodeMainGlobal()?.fetch ?? fetchAtLoad

/**
 * Sends `request`, with the header `mark` added, through `send` (a real fetch)
 * without taking the body of `request` (`bodyText`, when given, is sent
 * instead). A fetch that is not the one `NativeRequest` belongs with (node-fetch,
 * a polyfill, Node's own under happy-dom) gets the URL and a plain init, with a
 * signal it accepts, rather than a Request it would misread.
 *
 * @example
 * sendThrough(realFetch, request, [BYPASS_HEADER, OWN_CALL], undefined)
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
  const signal = send === undiciFetch ? signalForNode(request.signal) : request.signal
  if (signal !== undefined) init.signal = signal
  return send(request.url, init)
}

/** `signal` as Node's own fetch accepts it: itself when of the main realm, else a follower. */
function signalForNode(signal: AbortSignal): AbortSignal | undefined {
  const main = nodeMainGlobal()
  const MainController = main?.AbortController
  if (MainController === undefined) return signal
  const MainSignal = new MainController().signal.constructor as typeof AbortSignal
  return signal instanceof MainSignal ? signal : followerOf(signal, MainController)
}
