/**
 * The kernel's vocabulary. This file imports nothing: every other part of
 * mocklib (sources, handler lists, the runtime, the DSLs) is written against
 * these shapes.
 *
 * - A *source* (fetch, ClientRequest, socket, XHR, Service Worker, WebSocket…)
 *   turns what it intercepted into an *exchange* and hands it to the runtime.
 * - A *handler* says, in two steps, whether it takes an exchange (`match`) and
 *   what it answers (`respond`). Between the two the runtime claims one use of
 *   the handler synchronously, so concurrent exchanges never over-use a
 *   limited handler and never wait for each other's matching.
 */

/** The kinds of exchange a source can produce. */
export type ExchangeKind = 'http' | 'websocket'

/**
 * One intercepted HTTP request. The runtime calls exactly one of
 * `respondWith`, `passthrough` and `errorWith`.
 */
export interface HttpExchange {
  readonly kind: 'http'
  /** Unique within the process; the same id is given to events and history. */
  readonly id: string
  /** May be built on first read (a source that knows method and URL without it). */
  readonly request: Request
  /**
   * The request's method, upper case, and its parsed URL, when the source knows
   * them without building `request`: a plain `fetch(url)` needs no Request unless
   * a resolver, a listener or an observer reads one.
   */
  readonly method?: string
  readonly url?: URL
  /**
   * The request's body as text, when the source was given it as a string (a
   * fetch `body: '…'`): readers take it rather than copy and decode the
   * body stream of `request` (see `RequestContext.bodyText`).
   */
  readonly bodyText?: string
  /**
   * True when the source knows, without building `request`, that the request
   * has no body (a plain `fetch(url)`): the answer checks then need no copy
   * of it taken before the resolver runs, so it is never built for them.
   */
  readonly bodyless?: boolean
  /**
   * True when the request was made by `bypass()`: the runtime sends it on
   * without looking at handlers (and reports its real response).
   */
  readonly bypassed?: boolean
  /**
   * The origin a host-less handler path (`/api/x`) stands for in this
   * request, when the source knows which page made it (Playwright: the
   * requesting frame's origin, as msw resolves such paths against the page's
   * `location`). Absent: the path matches on any origin (the Node rule).
   */
  readonly pageOrigin?: string
  /** Answers with a mocked response; `Response.error()` fails the request as a network error. */
  respondWith(response: Response): void
  /**
   * Sends the request on to the network as it is. When `report` is true, resolves
   * with a copy of the real response once its head arrived (the runtime reports
   * it: events, recording); otherwise, or when the network failed (the source
   * has already failed the client's request), with `undefined`.
   */
  passthrough(report?: boolean): Promise<Response | undefined>
  /** Fails the request with `error` (what the client sees as a network error). */
  errorWith(error: Error): void
}

/**
 * One intercepted WebSocket connection. `connection` carries the
 * protocol-specific objects (client and server ends): `Connection` is their
 * shape, which the sources and the WebSocket DSL agree on and the kernel only
 * passes along. The runtime tells the source whether any handler took the
 * connection through `accept`/`passthrough`/`errorWith`.
 */
export interface WebSocketExchange<Connection = unknown> {
  readonly kind: 'websocket'
  readonly id: string
  readonly url: URL
  readonly protocols: readonly string[]
  readonly connection: Connection
  /** At least one handler took the connection: it stays mocked. */
  accept(): void
  /** No handler took it and the policy lets it through: connect to the real server. */
  passthrough(): void
  /** No handler took it and the policy refuses it. */
  errorWith(error: Error): void
}

export type Exchange = HttpExchange | WebSocketExchange

/** Where a source delivers its exchanges (the runtime). Never rejects. */
export type ExchangeSink = (exchange: Exchange) => Promise<void>

/**
 * A source of exchanges: started by the runtime on `listen()`/`start()`,
 * stopped on `close()`/`stop()`. `start` returns the function that stops it
 * and restores everything it patched.
 */
export interface Source {
  readonly name: string
  start(sink: ExchangeSink): () => void
}

/**
 * A source that must wait before it intercepts: a Service Worker registers
 * and answers a handshake, a page loads its interceptors. `start` resolves
 * with the function that stops it, which may wait too (the worker confirms).
 * The runtime starts sources in order, each once the one before it is
 * started, so `start()` resolves when every source intercepts.
 */
export interface StartingSource {
  readonly name: string
  start(sink: ExchangeSink): Promise<() => void | Promise<void>>
}

/**
 * What the kernel knows about an exchange while handlers look at it: parsed
 * once, shared by every handler (see `RequestContext`, the HTTP one).
 */
export interface ExchangeContext {
  readonly exchange: Exchange
  readonly requestId: string
  /** Why handlers did not match (printed by the unhandled-request policy). */
  readonly notes: readonly string[]
  addNote(text: string): void
  /** Computes a value once per exchange under `key`. */
  memo<T>(key: unknown, compute: (context: this) => T): T
}

/** What a handler looks like in messages and in `listHandlers()`. */
export interface HandlerInfo {
  /** The family of the handler: `'http'`, `'graphql'`, `'mock'`, `'ws'`… */
  readonly kind: string
  /** A one-line description, such as `GET /posts/:id`. */
  readonly header: string
}

/**
 * A family of handlers that index themselves the same way (REST by method and
 * static path prefix, GraphQL by operation name). The kernel never interprets
 * keys: it asks the channel which keys an exchange could match.
 *
 * `requestKeys` returns `null` when no handler of this channel can match at all. It
 * may be async (GraphQL must read the body), and is only called when the
 * handler list holds a handler of this channel.
 *
 * `whenUnanswered` lets a channel try once more when no handler answered the
 * exchange as a whole (GraphQL batches: split, answer each operation through
 * `redispatch`, combine). It returns `undefined` when it has nothing to add.
 */
export interface Channel<Context extends ExchangeContext = ExchangeContext> {
  readonly name: string
  requestKeys(context: Context): readonly string[] | null | Promise<readonly string[] | null>
  whenUnanswered?(context: Context, redispatch: Redispatch<Context>): Promise<Answered | undefined> | undefined
}

/** Resolves a derived exchange (one part of a batch) through the same handler list. */
export type Redispatch<Context extends ExchangeContext = ExchangeContext> = (part: Context) => Promise<PartOutcome>

/** What became of one part of a split exchange. */
export type PartOutcome =
  | { readonly kind: 'answered'; readonly handler: Handler; readonly response: Response }
  | { readonly kind: 'unhandled'; readonly notes: readonly string[] }
  | { readonly kind: 'passthrough'; readonly handler: Handler }

/** A handler's answer, credited to it. */
export interface Answered {
  readonly handler: Handler
  readonly response: Response
}

/** Where a handler is filed: one key of one channel. */
export interface IndexKey {
  readonly channel: Channel<any>
  readonly key: string
}

/** The brand every handler carries; a `Symbol.for`, so the CJS and ESM builds agree. */
export const HANDLER_BRAND: symbol = Symbol.for('mocklib.handler')

/**
 * The contract between the kernel and every handler.
 *
 * `match` decides (possibly asynchronously, e.g. after reading a body) whether
 * the handler takes the exchange and returns what `respond` needs, or
 * `undefined`. The runtime then claims a use synchronously (`claim`) and calls
 * `respond`; an answer of `undefined` gives the use back (`unclaim`) and the
 * next handler is tried. `respond` may throw: the client gets a 500 (a thrown
 * Response is the answer).
 */
export interface Handler<Match = unknown, Context extends ExchangeContext = any> {
  // The brand (`HANDLER_BRAND`) is set at run time and checked by `isHandler`, but left out of
  // this type: a `unique symbol` of one declaration file (ESM, CJS, another copy) is not another's.
  readonly kind: ExchangeKind
  readonly info: HandlerInfo
  readonly indexKey: IndexKey
  /**
   * More kinds of exchange this handler takes, each filed under its own key (a
   * GraphQL subscription answers an HTTP event stream and a WebSocket
   * connection). `match` and `respond` tell them apart by `context.exchange.kind`.
   */
  readonly alsoTakes?: readonly { readonly kind: ExchangeKind; readonly indexKey: IndexKey }[]
  match(context: Context): Match | undefined | Promise<Match | undefined>
  respond(match: Match, context: Context): Response | undefined | Promise<Response | undefined>
  /** Reserves one use; false when the handler is used up. */
  claim(): boolean
  /** Gives back a use reserved by `claim`. */
  unclaim(): void
  /** Re-arms the handler (`restoreHandlers()`). */
  restore(): void
  /** Forgets per-handler progress (`resetHandlers()`), e.g. generator state. Optional. */
  reset?(): void | Promise<void>
}
