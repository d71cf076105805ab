import type { SerializedRequest, SerializedResponse } from '../worker-protocol/messages.js'

const encoder = new TextEncoder()

/**
 * What the page needs of an intercepted request to rebuild it, `body` read
 * beforehand (and transferred, not copied).
 *
 * @example
 * const serialized = describeRequest(request, 'a1-0', await request.arrayBuffer())
 */
export function describeRequest(request: Request, id: string, body: ArrayBuffer | null): SerializedRequest {
  return {
    id,
    url: request.url,
    method: request.method,
    headers: [...request.headers],
    body,
    credentials: request.credentials,
    cache: request.cache,
    redirect: request.redirect,
    referrer: request.referrer,
    referrerPolicy: request.referrerPolicy,
    integrity: request.integrity,
    keepalive: request.keepalive,
    destination: request.destination,
    mode: request.mode,
  }
}

/**
 * The Response the worker answers with, from the page's mocked answer.
 *
 * @example
 * event.respondWith(mockedResponse({ status: 200, statusText: 'OK', headers: [], body: 'hi' }))
 */
export function mockedResponse(response: SerializedResponse): Response {
  const body = typeof response.body === 'string' ? streamOf(encoder.encode(response.body)) : response.body
  // Header pairs are appended in order, so repeated names (Set-Cookie) stay apart.
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })
}

// Chromium hands a string-built body to the page as a blob, which costs a
// trip through the browser process; a stream goes down a data pipe and
// reaches the page sooner (measured with bench/browser-worker.mjs).
function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes)
      controller.close()
    },
  })
}
