import type { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest/web'
import type { Source } from '../../contracts.js'
import { parseCookieHeader } from '../../cookies.js'
import { message } from '../../errors.js'
import { onFirstUse } from '../../on-first-use.js'
import type { HttpSink } from '../http-layer.js'
import type { NetworkRequests } from './xhr-answering.js'
import { lendEnvironment } from './xhr-environment.js'

// A passthrough XHR is sent with Node's own request functions, taken before any runtime patches them:
// the DOM environment's XHR would come back through the lower layers as a new request, and its fetch
// (happy-dom's) applies CORS.
const nodeHttp = globalThis.process?.getBuiltinModule?.('node:http')
const nodeHttps = globalThis.process?.getBuiltinModule?.('node:https')
const realRequest: NetworkRequests = { 'http:': nodeHttp?.request, 'https:': nodeHttps?.request }

type InterceptorClass = typeof XMLHttpRequestInterceptor

// What answers an XHR is loaded by the first request, which the interceptor holds meanwhile: loading it
// with the interceptor (two imports at once) let an XHR sent soon after listen() under happy-dom reach
// the environment's own XHR.
const answering = onFirstUse(() => import('./xhr-answering.js'))
let Interceptor: InterceptorClass | undefined
let loading: Promise<InterceptorClass> | undefined

// The browser flavour on purpose: it replaces the XMLHttpRequest class itself, so a DOM test
// environment's own XHR never runs for a mocked request (no CORS preflight nor checks, as msw 2).
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
 * Start it only when `hasXmlHttpRequest()` at `listen()`.
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
  interceptor.on('request', (intercepted) => {
    if (answering.loaded !== undefined) return answering.loaded.answerXhr(intercepted, sink, realRequest)
    // The first XHR: the interceptor holds it while what answers it loads.
    return answering.load().then(
      (loaded) => loaded.answerXhr(intercepted, sink, realRequest),
      (error: unknown) => intercepted.controller.errorWith(new TypeError(message('Could not load what answers an XMLHttpRequest.', 'Check that mocklib is installed completely.'), { cause: error })),
    )
  })
  interceptor.apply()
  const restoreEnvironment = lendEnvironment()
  return () => {
    restoreEnvironment()
    interceptor.dispose()
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
