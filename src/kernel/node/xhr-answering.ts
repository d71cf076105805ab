import type { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest/web'
import type { HttpExchange } from '../contracts.js'
import { BYPASS_HEADER, bypassMarkOf, OWN_CALL } from '../passthrough.js'
import { createRequestId } from '../request-id.js'
import type { HttpSink } from './exchange-sink.js'
import { NativeHeaders, NativeResponse } from './native-fetch.js'
import { networkError } from './network-error.js'
import { pairXhrSignals } from './xhr-abort-realm.js'

// What answers an intercepted XMLHttpRequest: loaded with the interceptor itself, on demand (xhr-source.ts),
// so that a process without XMLHttpRequest (no DOM test environment) does not pay for it.

/** Node's own request functions, taken by xhr-source.ts before any runtime patched them. */
export interface NetworkRequests {
  readonly 'http:': typeof import('node:http').request | undefined
  readonly 'https:': typeof import('node:https').request | undefined
}

/**
 * Applies the XMLHttpRequest interceptor, handing each XHR to `sink` as an
 * exchange; a passthrough (or mocklib's own call) goes out through
 * `network`. Returns the function that disposes of the interceptor.
 *
 * @example
 * const stop = applyInterceptor(XMLHttpRequestInterceptor, runtime.handle, { 'http:': http.request, 'https:': https.request })
 */
export function applyInterceptor(Interceptor: typeof XMLHttpRequestInterceptor, sink: HttpSink, network: NetworkRequests): () => void {
  const interceptor = new Interceptor()
  interceptor.on('request', ({ request: request, controller }) => {
    const mark = bypassMarkOf(request)
    if (mark !== undefined) request.headers.delete(BYPASS_HEADER)
    // mocklib's own call (a passthrough sent through a fetch polyfill built on XHR):
    // to the network, unresolved and unreported, as the other sources do.
    if (mark === 'own') {
      return sendToNetwork(request, network).then(
        (response) => controller.respondWith(response),
        (error: unknown) => controller.errorWith(error instanceof Error ? error : new TypeError('Network error', { cause: error })),
      )
    }
    // The network needs an unread body; a resolver may read the request's.
    const unread = request.body === null ? request : request.clone()
    return new Promise<void>((decided) => {
      let settled = false
      const settle = (decide = true) => {
        if (settled) return false
        settled = true
        // A passthrough decides later: the interceptor would send the XHR itself once this listener returns.
        if (decide) decided()
        return true
      }
      const exchange: HttpExchange = {
        kind: 'http',
        id: createRequestId(),
        request,
        bypassed: mark === 'bypass',
        respondWith(response) {
          if (!settle()) return
          // The XHR was aborted while the handlers ran: the interceptor has settled it already.
          if (request.signal.aborted) return void response.body?.cancel().catch(() => {})
          // An XHR fails with an "error" event on a network error.
          if (response.type === 'error') controller.errorWith(networkError(response))
          else controller.respondWith(response)
        },
        errorWith(error) {
          if (settle()) controller.errorWith(error)
        },
        passthrough() {
          if (!settle(false)) return Promise.resolve(undefined)
          return sendToNetwork(unread, network).then(
            (response) => {
              controller.respondWith(response.clone())
              decided()
              return response
            },
            (error: unknown) => {
              controller.errorWith(error instanceof Error ? error : new TypeError('Network error', { cause: error }))
              decided()
              return undefined
            },
          )
        },
      }
      sink(exchange).catch((error: unknown) => {
        if (settle()) controller.errorWith(error instanceof Error ? error : new Error(String(error)))
      })
    })
  })
  interceptor.apply()
  const unpair = pairXhrSignals()
  return () => {
    unpair()
    interceptor.dispose()
  }
}

async function sendToNetwork(request: Request, network: NetworkRequests): Promise<Response> {
  const url = new URL(request.url)
  const send = network[url.protocol as 'http:' | 'https:']
  if (send === undefined) throw new TypeError(`Network error: cannot send ${url.protocol} requests`)
  const headers: Record<string, string> = {}
  request.headers.forEach((value, name) => (headers[name] = value))
  headers[BYPASS_HEADER] = OWN_CALL
  const body = request.body === null ? undefined : new Uint8Array(await request.arrayBuffer())
  return new Promise<Response>((resolve, reject) => {
    const outgoing = send(url, { method: request.method, headers }, (incoming) => {
      const chunks: Uint8Array[] = []
      incoming.on('data', (chunk: Uint8Array) => chunks.push(chunk))
      incoming.on('error', reject)
      incoming.on('end', () => {
        const responseHeaders = new NativeHeaders()
        const raw = incoming.rawHeaders
        for (let at = 0; at + 1 < raw.length; at += 2) responseHeaders.append(raw[at]!, raw[at + 1]!)
        const status = incoming.statusCode ?? 200
        const nullBody = status === 204 || status === 205 || status === 304 || request.method === 'HEAD'
        resolve(new NativeResponse(nullBody ? null : concat(chunks), { status, statusText: incoming.statusMessage ?? '', headers: responseHeaders }))
      })
    })
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

function concat(chunks: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.byteLength, 0))
  let at = 0
  for (const chunk of chunks) {
    joined.set(chunk, at)
    at += chunk.byteLength
  }
  return joined
}
