import type { Source } from '../contracts.js'
import { message } from '../errors.js'
import { patchClientRequests } from './client-request/client-request-adapter.js'
import { interceptGlobalFetch, interceptNode } from './intercept-node.js'
import { createWebSocketSource } from './websocket/websocket-source.js'
import { hasXmlHttpRequest, xhrSource } from './xhr/xhr-source.js'

/**
 * An `@mswjs/interceptors` instance: mocklib reads only its class and starts its own source for the mechanism.
 *
 * @example
 * const interceptors: InterceptorLike[] = [new ClientRequestInterceptor()]
 */
export interface InterceptorLike {
  /** Its static `symbol` (or, failing that, the class name) names the mechanism. */
  readonly constructor: { readonly name: string; readonly symbol?: symbol }
  /** @mswjs/interceptors' own start; mocklib never calls it. */
  apply(): void
  /** @mswjs/interceptors' own stop; mocklib never calls it. */
  dispose(): void
}

// By the static `symbol`'s description: stable across copies and versions of the package. HTTP before
// WebSocket, as setupServer orders them: the upgrade patch of `ws` clients sits outside node:http's.
const SOURCES_BY_SYMBOL: Readonly<Record<string, () => Source>> = {
  'client-request-interceptor': () => ({ name: 'client-request', start: (sink) => patchClientRequests(sink) }),
  'fetch-interceptor': () => ({ name: 'fetch', start: (sink) => interceptGlobalFetch(sink) ?? (() => {}) }),
  'xhr-interceptor': () => ({ name: 'xhr', start: (sink) => (hasXmlHttpRequest() ? xhrSource().start(sink) : () => {}) }),
  'http-request-interceptor': () => ({ name: 'node-http', start: (sink) => interceptNode(sink) }),
  'websocket-interceptor': createWebSocketSource,
}

const SYMBOL_BY_CLASS_NAME: Readonly<Record<string, string>> = {
  ClientRequestInterceptor: 'client-request-interceptor',
  FetchInterceptor: 'fetch-interceptor',
  XMLHttpRequestInterceptor: 'xhr-interceptor',
  WebSocketInterceptor: 'websocket-interceptor',
  HttpRequestInterceptor: 'http-request-interceptor',
}

/** What the interceptors would intercept and nothing else, each mechanism once (as msw's `SetupServerApi`). */
export function sourcesForInterceptors(interceptors: readonly InterceptorLike[], caller: string): Source[] {
  const kinds = new Set<string>()
  for (const interceptor of interceptors) kinds.add(kindOf(interceptor, caller))
  // The socket-level set already holds fetch and node:http: starting them again would patch twice.
  if (kinds.has('http-request-interceptor')) {
    kinds.delete('client-request-interceptor')
    kinds.delete('fetch-interceptor')
  }
  return Object.keys(SOURCES_BY_SYMBOL).filter((kind) => kinds.has(kind)).map((kind) => SOURCES_BY_SYMBOL[kind]!())
}

function kindOf(interceptor: InterceptorLike, caller: string): string {
  const constructor = interceptor?.constructor as InterceptorLike['constructor'] | undefined
  const described = typeof constructor?.symbol === 'symbol' ? constructor.symbol.description : undefined
  const kind = described !== undefined && described in SOURCES_BY_SYMBOL ? described : SYMBOL_BY_CLASS_NAME[constructor?.name ?? '']
  if (kind !== undefined) return kind
  throw new TypeError(
    message(
      `${caller} was given an interceptor it does not know (${constructor?.name ?? typeof interceptor}).`,
      `Pass instances of ${Object.keys(SYMBOL_BY_CLASS_NAME).join(', ')} from @mswjs/interceptors (mocklib intercepts those mechanisms with its own code), or call setupServer() to intercept them all.`,
    ),
  )
}
