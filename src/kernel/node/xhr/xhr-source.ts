import type { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest/web'
import type { HttpExchange, Source } from '../../contracts.js'
import { parseCookieHeader } from '../../cookies.js'
import { BYPASS_HEADER, bypassMarkOf, OWN_CALL } from '../../passthrough.js'
import { createRequestId } from '../../request-id.js'
import { NativeHeaders, NativeResponse } from '../native-fetch.js'
import { pairXhrSignals } from './xhr-abort-realm.js'
import { lendBlobStream } from './xhr-blob-stream.js'
import { networkError } from '../network-error.js'
import type { HttpSink } from '../exchange-sink.js'

/**
 * Node's own request functions, taken when mocklib/node loads (before any
 * runtime patches them): a passthrough XHR is sent with them, marked
 * `OWN_CALL` so that the socket layer lets it through unresolved. Neither the
 * DOM environment's XHR (whose request would come back through the lower
 * layers as a new one) nor its fetch (happy-dom's applies CORS) is used.
 */
const nodeHttp = globalThis.process?.getBuiltinModule?.('node:http')
const nodeHttps = globalThis.process?.getBuiltinModule?.('node:https')
const realRequest = { 'http:': nodeHttp?.request, 'https:': nodeHttps?.request }

type InterceptorClass = typeof XMLHttpRequestInterceptor
let Interceptor: InterceptorClass | undefined
let loading: Promise<InterceptorClass> | undefined

/**
 * The interceptor is loaded on demand: outside DOM test environments (no
 * XMLHttpRequest) nothing needs it, and loading it would weigh on every cold
 * start.
 * The browser flavour on purpose: it replaces the XMLHttpRequest class itself,
 * so a DOM test environment's own XHR (jsdom, happy-dom) never runs for a
 * mocked request: no CORS preflight, no CORS checks, as msw 2 does.
 */
function loadInterceptor(): Promise<InterceptorClass> {
  return (loading ??= import('@mswjs/interceptors/XMLHttpRequest/web').then((module) => (Interceptor = module.XMLHttpRequestInterceptor)))
}

// A DOM test environment defines XMLHttpRequest before the test's imports run:
// loading starts with `import 'mocklib/node'`, so the class is there by `listen()`.
if (hasXmlHttpRequest()) void loadInterceptor()

/**
 * The XMLHttpRequest source, for DOM test environments under Node (jsdom,
 * happy-dom under Vitest or Jest), where `globalThis.XMLHttpRequest` exists:
 * requests are answered at the XHR level, so cross-origin requests need no
 * CORS headers and send no preflight. Give the runtime `documentCookies` as
 * `readCookies` so that same-origin requests carry `document.cookie`.
 *
 * Start it only when `globalThis.XMLHttpRequest` exists at `listen()`
 * (`hasXmlHttpRequest()`); `start` returns the function that puts the
 * environment's class back. Its one contact with the core is the sink.
 *
 * @example
 * const sources = hasXmlHttpRequest() ? [xhrSource()] : []
 * const stop = xhrSource().start((exchange) => runtime.handle(exchange))
 */
export function xhrSource(): Source {
  return {
    name: 'xhr',
    start(sink) {
      return interceptXhr(sink as HttpSink)
    },
  }
}

/**
 * True when the environment has an XMLHttpRequest class to intercept.
 *
 * @example
 * if (hasXmlHttpRequest()) sources.push(xhrSource())
 */
export function hasXmlHttpRequest(): boolean {
  return typeof globalThis.XMLHttpRequest === 'function'
}

function interceptXhr(sink: HttpSink): () => void {
  if (Interceptor !== undefined) return applyInterceptor(Interceptor, sink)
  // XMLHttpRequest appeared after the import, or listen() ran in the same tick:
  // until the interceptor is loaded, the environment's XHR sends through
  // node:http, which the lower layers answer (with the environment's CORS checks).
  let stop: (() => void) | undefined
  let stopped = false
  void loadInterceptor().then((loaded) => {
    if (!stopped) stop = applyInterceptor(loaded, sink)
  })
  return () => {
    stopped = true
    stop?.()
  }
}

function applyInterceptor(Interceptor: InterceptorClass, sink: HttpSink): () => void {
  const interceptor = new Interceptor()
  interceptor.on('request', ({ request: request, controller }) => {
    const mark = bypassMarkOf(request)
    if (mark !== undefined) request.headers.delete(BYPASS_HEADER)
    // mocklib's own call (a passthrough sent through a fetch polyfill built on XHR):
    // to the network, unresolved and unreported, as the other sources do.
    if (mark === 'own') {
      return sendToNetwork(request).then(
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
          return sendToNetwork(unread).then(
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
  const unlend = lendBlobStream()
  return () => {
    unlend()
    unpair()
    interceptor.dispose()
  }
}

async function sendToNetwork(request: Request): Promise<Response> {
  const url = new URL(request.url)
  const send = realRequest[url.protocol as 'http:' | 'https:']
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

/**
 * The page's cookies a request carries in a DOM test environment, as a
 * browser sends them: all of `document.cookie` for a same-origin request (or
 * a `withCredentials`/`credentials: 'include'` one), none otherwise. The
 * runtime merges them into `cookies` (`RuntimeOptions.readCookies`); they are
 * not written into the request's headers, because happy-dom's Request drops a
 * script-set `Cookie` header.
 *
 * @example
 * createRuntime({ store, sources: [xhrSource()], readCookies: documentCookies })
 */
export function documentCookies(request: Request): Record<string, string> {
  if (typeof document === 'undefined' || typeof location === 'undefined' || !document.cookie) return Object.create(null) as Record<string, string>
  const sameOrigin = new URL(request.url).origin === location.origin
  if (request.credentials === 'omit' || (!sameOrigin && request.credentials !== 'include')) return Object.create(null) as Record<string, string>
  return parseCookieHeader(document.cookie)
}
