import type { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest/web'
import type { Source } from '../../contracts.js'
import { parseCookieHeader } from '../../cookies.js'
import { message } from '../../errors.js'
import { onFirstUse } from '../../on-first-use.js'
import type { HttpSink } from '../http-layer.js'
import type { NetworkRequests } from './xhr-answering.js'
import { lendEnvironment } from './xhr-environment.js'

// Passthroughs go out with Node's own request functions, taken before any runtime patches them: the
// environment's XHR would come back through the lower layers, and happy-dom's fetch applies CORS.
const nodeHttp = globalThis.process?.getBuiltinModule?.('node:http')
const nodeHttps = globalThis.process?.getBuiltinModule?.('node:https')
const realRequest: NetworkRequests = { 'http:': nodeHttp?.request, 'https:': nodeHttps?.request }

// Loaded by the first XHR, not with the interceptor: two imports at once let an XHR sent soon after
// listen() under happy-dom reach the environment's own XHR.
const answering = onFirstUse(() => import('./xhr-answering.js'))
// The browser flavour replaces the XMLHttpRequest class itself: the environment's XHR never runs for a mocked request (no CORS, as msw 2).
const interceptors = onFirstUse(() => import('@mswjs/interceptors/XMLHttpRequest/web'))

// A DOM test environment defines XMLHttpRequest before the test's imports: the class is there by `listen()`.
if (hasXmlHttpRequest()) void interceptors.load()

/** For DOM test environments under Node: answered at the XHR level, so no CORS headers nor preflight. */
export function xhrSource(): Source {
  return { name: 'xhr', start: (sink) => interceptXhr(sink as HttpSink) }
}

export function hasXmlHttpRequest(): boolean {
  return typeof globalThis.XMLHttpRequest === 'function'
}

function interceptXhr(sink: HttpSink): () => void {
  const loaded = interceptors.loaded
  if (loaded !== undefined) return applyInterceptor(loaded.XMLHttpRequestInterceptor, sink)
  // Until the interceptor is loaded, the environment's XHR sends through node:http, which the lower layers answer.
  let stop: (() => void) | undefined
  let stopped = false
  void interceptors.load().then((module) => {
    if (!stopped) stop = applyInterceptor(module.XMLHttpRequestInterceptor, sink)
  })
  return () => {
    stopped = true
    stop?.()
  }
}

function applyInterceptor(Interceptor: typeof XMLHttpRequestInterceptor, sink: HttpSink): () => void {
  const interceptor = new Interceptor()
  interceptor.on('request', (intercepted) => {
    if (answering.loaded !== undefined) return answering.loaded.answerXhr(intercepted, sink, realRequest)
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

/** As a browser sends them; merged into `cookies`, not the headers, as happy-dom's Request drops a script-set `Cookie`. */
export function documentCookies(request: Request): Record<string, string> {
  if (typeof document === 'undefined' || typeof location === 'undefined' || !document.cookie) return Object.create(null) as Record<string, string>
  const sameOrigin = new URL(request.url).origin === location.origin
  if (request.credentials === 'omit' || (!sameOrigin && request.credentials !== 'include')) return Object.create(null) as Record<string, string>
  return parseCookieHeader(document.cookie)
}
