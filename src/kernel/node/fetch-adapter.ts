import { BYPASS_HEADER, OWN_CALL } from '../passthrough.js'
import { createRequestId, type MockingCore } from '../mocking-core.js'
import { nextRedirect } from './fetch-redirect.js'

/**
 * The fetch fast path: replaces `globalThis.fetch` so that a mocked request
 * never reaches a socket. Only requests that go to the network call the
 * original fetch, marked `OWN_CALL` so that the socket layer neither resolves
 * them again nor reports them twice (it removes the mark before the network).
 * Returns the function that puts the original fetch back.
 */
export function patchGlobalFetch(core: MockingCore): () => void {
  const realFetch = globalThis.fetch
  const send = async (request: Request, redirectCount: number): Promise<Response> => {
    const requestId = createRequestId()
    // The resolver may read the body; the network (or a redirect) needs an unread copy.
    const unread = request.body === null ? request : request.clone()
    // Like a real fetch, an aborted signal rejects with its reason, even while a resolver waits.
    request.signal.throwIfAborted()
    const resolution = await untilAborted(core.resolve(request, requestId), request.signal)
    if (resolution.kind === 'mocked') {
      const response = asFetchResponse(resolution.response, request, redirectCount)
      const next = nextRedirect(request, unread, response, redirectCount)
      return next ? send(next, redirectCount + 1) : response
    }
    if (resolution.kind === 'error') throw new TypeError('fetch failed', { cause: resolution.error })
    const response = await realFetch(markedAsOwnCall(unread))
    core.emitter.emit('response:bypass', { request, requestId, response: response.clone() })
    return response
  }
  const mockedFetch: typeof fetch = (input, init) => send(new Request(resolveAgainstLocation(input), init), 0)
  globalThis.fetch = mockedFetch
  return () => {
    if (globalThis.fetch === mockedFetch) globalThis.fetch = realFetch
  }
}

function resolveAgainstLocation(input: RequestInfo | URL): RequestInfo | URL {
  if (typeof input !== 'string' || typeof location === 'undefined' || URL.canParse(input)) return input
  return new URL(input, location.href)
}

function untilAborted<Value>(promise: Promise<Value>, signal: AbortSignal): Promise<Value> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

function asFetchResponse(response: Response, request: Request, redirectCount: number): Response {
  if (response.type === 'error') throw new TypeError('fetch failed', { cause: response })
  // A real fetch response knows the URL it answers and whether it was redirected; mocked ones too.
  if (response.url === '') Object.defineProperty(response, 'url', { value: request.url, enumerable: true })
  if (redirectCount > 0) Object.defineProperty(response, 'redirected', { value: true, enumerable: true })
  return response
}

function markedAsOwnCall(request: Request): Request {
  const headers = new Headers(request.headers)
  headers.set(BYPASS_HEADER, OWN_CALL)
  return new Request(request, { headers })
}
