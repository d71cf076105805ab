import { createRuntime, createSingleScopeStore, HandlerScope, message, type Handler, type LifecycleEvents, type TrafficObserver } from '../../kernel/index.js'
import { createServedSource, isPrefixedOrigin, proxyRequest, type Forwarded, type ServedExchange } from '../../kernel/node/served/index.js'
import type { RecordOptions } from '../../dsl/index.js'
import { recordRuntime } from '../../dsl/record/index.js'
import { withSave, type NodeRecording } from '../../dsl/node/index.js'
import { assertHandlers, createHandlerManagement, type HandlerManagement } from '../handler-management.js'
import { adminRoutes } from './admin-routes.js'
import { noteCallSite, sourceOf } from './handler-source.js'
import { Journal } from './journal.js'
import type { ServedRequest } from './served-request.js'

/**
 * Options of `createMockServer()`.
 *
 * @example
 * const server = await createMockServer(handlers, { port: 9090, cors: true })
 */
export interface MockServerOptions {
  /** The port to listen on; `0` (the default) picks a free one (read it from `url`). */
  readonly port?: number
  /** The interface to bind; default `'127.0.0.1'` (loopback only). `'0.0.0.0'` serves the network. */
  readonly host?: string
  /** The origin `passthrough()` and unhandled requests go to (path and query kept); without one they get 404. */
  readonly proxy?: string
  /** Request bodies above this many bytes get 413. Default 10 MiB. */
  readonly maxBodyBytes?: number
  /** How many requests `history()` keeps, newest last (a ring). Default 500; 0 keeps none. */
  readonly historyLimit?: number
  /** Answer browsers' CORS preflights and add CORS headers to answers. Default `true`. */
  readonly cors?: boolean
  /** Lets clients off loopback use the inspector and admin API (`Authorization: Bearer <token>`, or `?token=`). */
  readonly adminToken?: string
}

/**
 * A running mock server (see `createMockServer`).
 *
 * @example
 * const server = await createMockServer([http.get('/users', () => HttpResponse.json([]))])
 * await fetch(`${server.url}/users`)
 * await server.close()
 */
export interface MockServer extends Omit<HandlerManagement, 'use'> {
  /** `http://host:port`, where the server listens. */
  readonly url: string
  /** Prepends handlers (overrides) to the current ones, as `server.use()` of `setupServer`. */
  use(...handlers: Handler[]): void
  /** The requests received, oldest first (at most `historyLimit`). */
  history(): readonly ServedRequest[]
  /** Forgets the history. */
  clearHistory(): void
  /** Records what the proxy answered as HAR 1.2 (with `{ include: 'all' }` the mocked answers too). */
  record(options?: RecordOptions): NodeRecording
  /** Lifecycle events, as `setupServer`'s. */
  readonly events: LifecycleEvents
  /** Stops listening and closes open connections. */
  close(): Promise<void>
}

const DEFAULT_MAX_BODY = 10 * 1024 * 1024
const DEFAULT_HISTORY = 500

/**
 * Serves `handlers` over real HTTP, with `setupServer`'s handler-list semantics. Relative handlers (`/users`)
 * match any request; an absolute one (`https://api.example.com/users`) matches the path
 * `/https://api.example.com/users`, or `Host: api.example.com`. The inspector is at `${url}/__mocklib/`.
 *
 * @example
 * import { createMockServer } from 'mocklib/server'
 * const server = await createMockServer([http.get('/users', () => HttpResponse.json([{ id: 1 }]))], { port: 9090 })
 * console.log(server.url) // http://127.0.0.1:9090
 */
export async function createMockServer(handlers: readonly Handler[], options: MockServerOptions = {}): Promise<MockServer> {
  if (!Array.isArray(handlers)) throw new TypeError(message('createMockServer() takes an array of handlers as its first argument.', 'Call createMockServer([http.get(...), ...], options).'))
  assertHandlers(handlers, 'createMockServer()')
  noteCallSite(handlers, createMockServer)
  const proxy = options.proxy === undefined ? undefined : parseProxy(options.proxy)
  const journal = new Journal(options.historyLimit ?? DEFAULT_HISTORY)
  const store = createSingleScopeStore(new HandlerScope([...handlers]))
  const source = createServedSource({
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY,
    cors: options.cors ?? true,
    forward: (exchange) => forward(exchange, proxy),
    answered: (exchange, response) => journal.add(exchange, response),
    ownRoute: adminRoutes({ journal, ...(options.adminToken !== undefined && { token: options.adminToken }) }),
  })
  const core = createRuntime({ store, sources: [source] })
  core.observers.add(creditHandlers)
  try {
    await core.start({ onUnhandledRequest: 'bypass' })
  } catch (error) {
    throw listenError(error, options)
  }
  const management = createHandlerManagement(store, 'server')
  // Named functions, so the inspector credits added handlers to the code that called them.
  function use(...added: Handler[]): void {
    management.use(...added)
    noteCallSite(added, use)
  }
  function resetHandlers(...next: Handler[]): void {
    management.resetHandlers(...next)
    noteCallSite(next, resetHandlers)
  }
  return {
    url: source.origin,
    ...management,
    use,
    resetHandlers,
    events: core.emitter,
    history: () => journal.list(),
    clearHistory: () => journal.clear(),
    record: (recordOptions) => withSave(recordRuntime(core, store.current(), recordOptions)),
    async close() {
      await core.stop()
    },
  }
}

const creditHandlers: TrafficObserver = {
  onHandled(context, handler) {
    const source = sourceOf(handler)
    ;(context.exchange as ServedExchange).handler = source === undefined ? handler.info : { kind: handler.info.kind, header: handler.info.header, source }
  },
  onUnhandled(context) {
    ;(context.exchange as ServedExchange).unhandled = true
  },
}

/**
 * To the URL its path names, the proxy, or nowhere (404). A request for another origin by its `Host` is never
 * sent to that host: its name may well lead back here.
 */
function forward(exchange: ServedExchange, proxy: URL | undefined): Promise<Forwarded> {
  if (isPrefixedOrigin(exchange.incoming)) return proxyRequest(exchange.request, exchange.url)
  if (proxy !== undefined) return proxyRequest(exchange.request, new URL(`${proxy.pathname.replace(/\/$/, '')}${exchange.url.pathname}${exchange.url.search}`, proxy))
  const what = exchange.unhandled ? 'No handler matched' : 'A handler passed through (passthrough(), or every matching handler returned nothing)'
  const text = message(`${what} ${exchange.method} ${exchange.url.pathname}${exchange.url.search}, and the mock server has no proxy to send it to.`, 'Add a handler for it, or start the server with a proxy origin (--proxy <origin>).')
  return Promise.resolve({ response: new Response(text, { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'x-mocklib-unhandled': 'true' } }), real: false })
}

function parseProxy(origin: string): URL {
  try {
    const url = new URL(origin)
    if (url.protocol === 'http:' || url.protocol === 'https:') return url
  } catch {}
  throw new TypeError(message(`The proxy "${origin}" is no http(s) URL.`, 'Give an origin such as https://api.example.com.'))
}

function listenError(error: unknown, options: MockServerOptions): Error {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  const where = `${options.host ?? '127.0.0.1'}:${options.port ?? 0}`
  if (code === 'EADDRINUSE') return new Error(message(`Port ${options.port} is already in use (${where}).`, 'Stop what listens there, or choose another port (--port, or 0 for a free one).'), { cause: error })
  if (code === 'EACCES') return new Error(message(`Not allowed to listen on ${where}.`, 'Ports below 1024 need privileges: choose a port above 1024.'), { cause: error })
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return new Error(message(`The host ${options.host} is no address of this machine.`, 'Use 127.0.0.1 (loopback), 0.0.0.0 (every interface), or one of its addresses.'), { cause: error })
  return error instanceof Error ? error : new Error(String(error))
}
