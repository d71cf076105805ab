import { BYPASS_HEADER } from '../passthrough.js'
import { createRequestId, type MockingCore } from '../mocking-core.js'
import { runAsOwnNetworkCall } from './own-network-call.js'

/**
 * The fetch fast path: replaces `globalThis.fetch` so that a mocked request
 * never reaches a socket. Only requests that go to the network call the
 * original fetch (marked, so the socket layer does not resolve them again).
 * Returns the function that puts the original fetch back.
 */
export function patchGlobalFetch(core: MockingCore): () => void {
  const realFetch = globalThis.fetch
  const mockedFetch: typeof fetch = async (input, init) => {
    const request = new Request(resolveAgainstLocation(input), init)
    const requestId = createRequestId()
    // The resolver may read the body; the network needs an unread copy.
    const forNetwork = request.body === null ? request : request.clone()
    const resolution = await core.resolve(request, requestId)
    if (resolution.kind === 'mocked') return asFetchResponse(resolution.response, request)
    if (resolution.kind === 'error') throw new TypeError('fetch failed', { cause: resolution.error })
    const response = await runAsOwnNetworkCall(() => realFetch(withoutBypassHeader(forNetwork)))
    core.emitter.emit('response:bypass', { request, requestId, response: response.clone() })
    return response
  }
  globalThis.fetch = mockedFetch
  return () => {
    if (globalThis.fetch === mockedFetch) globalThis.fetch = realFetch
  }
}

function resolveAgainstLocation(input: RequestInfo | URL): RequestInfo | URL {
  if (typeof input !== 'string' || typeof location === 'undefined' || URL.canParse(input)) return input
  return new URL(input, location.href)
}

function asFetchResponse(response: Response, request: Request): Response {
  if (response.type === 'error') throw new TypeError('fetch failed', { cause: response })
  // A real fetch response knows the URL it answers; mocked ones get it too.
  if (response.url === '') Object.defineProperty(response, 'url', { value: request.url, enumerable: true })
  return response
}

function withoutBypassHeader(request: Request): Request {
  if (!request.headers.has(BYPASS_HEADER)) return request
  const headers = new Headers(request.headers)
  headers.delete(BYPASS_HEADER)
  return new Request(request, { headers })
}
