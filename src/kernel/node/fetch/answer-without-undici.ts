import { decodedBody } from '../../decode-body.js'
import { isRedirect, nextRedirect } from '../../fetch-redirect.js'
import { asFetchResponse } from './fetch-response.js'
import { inForeignContext, nodeMainGlobal } from '../main-realm.js'
import { NativeRequest, NativeResponse } from '../native-fetch.js'

/**
 * True when `viaUndici`, the fetch mocklib hands a mocked redirect or
 * compressed body to (`answerOnce`), can play it: it is undici's (mocklib
 * builds undici Requests: the class with `duplex`; happy-dom's is not) and
 * reaches the dispatcher source: in a Jest context, only Node's own fetch does
 * (undici's npm package polyfilled into jsdom cannot even finish a fetch there,
 * on jsdom's timers). Otherwise mocklib plays the answer itself (`playAnswerHere`).
 *
 * @example
 * const playsAnswers = undiciPlaysAnswers(fetchAtLoad)
 */
export function undiciPlaysAnswers(viaUndici: typeof fetch | undefined): boolean {
  if (viaUndici === undefined || typeof NativeRequest !== 'function' || !('duplex' in NativeRequest.prototype)) return false
  return !inForeignContext() || viaUndici === nodeMainGlobal()?.fetch
}

/** How many redirects led to a hop's Request. */
const hops = new WeakMap<Request, number>()

/**
 * What a fetch gives for the mocked `response` to `request` when no undici is
 * there to do it: a redirect is followed as the request's `redirect` mode says
 * (the next hop is sent with `send`, so the handlers answer it too), a gzip or
 * deflate body is decoded, and the answer looks like a real fetch response.
 * `body` gives the bytes the client sent, for a redirect that resends them.
 *
 * @example
 * resolve(playAnswerHere(request, async () => null, response, mockedFetch))
 */
export async function playAnswerHere(
  request: Request,
  body: () => Promise<ArrayBuffer | null>,
  response: Response,
  send: (next: Request) => Promise<Response>,
): Promise<Response> {
  if (isRedirect(response)) {
    const redirects = hops.get(request) ?? 0
    const next = nextRedirect(request, await body(), response, redirects)
    if (next !== undefined) {
      void response.body?.cancel().catch(() => {})
      hops.set(next, redirects + 1)
      const final = await send(next)
      Object.defineProperty(final, 'redirected', { value: true, enumerable: true })
      return final
    }
  }
  const decoded = decodedBody(response)
  const answer = decoded === response.body ? response : new NativeResponse(decoded, { status: response.status, statusText: response.statusText, headers: response.headers })
  return asFetchResponse(answer, request.method, request.url, request.signal)
}
