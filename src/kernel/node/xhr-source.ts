import type { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest/web'
import type { Source } from '../contracts.js'
import { parseCookieHeader } from '../cookies.js'
import type { HttpSink } from './exchange-sink.js'
import type { NetworkRequests } from './xhr-answering.js'

/**
 * Node's own request functions, taken when mocklib/node loads (before any
 * runtime patches them): a passthrough XHR is sent with them, marked
 * `OWN_CALL` so that the socket layer lets it through unresolved. Neither the
 * DOM environment's XHR (whose request would come back through the lower
 * layers as a new one) nor its fetch (happy-dom's applies CORS) is used.
 */
const nodeHttp = globalThis.process?.getBuiltinModule?.('node:http')
const nodeHttps = globalThis.process?.getBuiltinModule?.('node:https')
const realRequest: NetworkRequests = { 'http:': nodeHttp?.request, 'https:': nodeHttps?.request }

type InterceptorClass = typeof XMLHttpRequestInterceptor
type Answering = typeof import('./xhr-answering.js')
/** The interceptor and what answers its requests, once both are loaded. */
interface Loaded {
  readonly Interceptor: InterceptorClass
  readonly answering: Answering
}
let loaded: Loaded | undefined
let loading: Promise<Loaded> | undefined

/**
 * The interceptor is loaded on demand: outside DOM test environments (no
 * XMLHttpRequest) nothing needs it, and its ~65 kB cost every cold start ~5 ms.
 * The browser flavour on purpose: it replaces the XMLHttpRequest class itself,
 * so a DOM test environment's own XHR (jsdom, happy-dom) never runs for a
 * mocked request: no CORS preflight, no CORS checks, as msw 2 does.
 */
function loadInterceptor(): Promise<Loaded> {
  // What answers an XHR (xhr-answering.ts) is a chunk of its own too, so a process without XHR pays for neither.
  return (loading ??= Promise.all([import('@mswjs/interceptors/XMLHttpRequest/web'), import('./xhr-answering.js')]).then(
    ([module, answering]) => (loaded = { Interceptor: module.XMLHttpRequestInterceptor, answering }),
  ))
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
  if (loaded !== undefined) return loaded.answering.applyInterceptor(loaded.Interceptor, sink, realRequest)
  // XMLHttpRequest appeared after the import, or listen() ran in the same tick:
  // until the interceptor is loaded, the environment's XHR sends through
  // node:http, which the lower layers answer (with the environment's CORS checks).
  let stop: (() => void) | undefined
  let stopped = false
  void loadInterceptor().then(({ Interceptor, answering }) => {
    if (!stopped) stop = answering.applyInterceptor(Interceptor, sink, realRequest)
  })
  return () => {
    stopped = true
    stop?.()
  }
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
