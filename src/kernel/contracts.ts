// The kernel's vocabulary; this file imports nothing.

export type ExchangeKind = 'http' | 'websocket'

/** One intercepted HTTP request. The runtime calls exactly one of `respondWith`, `passthrough` and `errorWith`. */
export interface HttpExchange {
  readonly kind: 'http'
  readonly id: string
  /** May be built on first read. */
  readonly request: Request
  /** Known without building `request`: a plain `fetch(url)` needs no Request unless someone reads it. */
  readonly method?: string
  readonly url?: URL
  /** The body, when the source was given a string: readers need not copy and decode the stream. */
  readonly bodyText?: string
  readonly bodyless?: boolean
  /** Made by `bypass()`: sent on without looking at handlers. */
  readonly bypassed?: boolean
  /** What a host-less handler path (`/api/x`) resolves against (Playwright: the frame's origin); absent: any origin. */
  readonly pageOrigin?: string
  respondWith(response: Response): void
  /** With `report`, resolves with a copy of the real response's head; else, or on a network failure, with `undefined`. */
  passthrough(report?: boolean): Promise<Response | undefined>
  errorWith(error: Error): void
}

/** One intercepted WebSocket connection; `connection` holds the ends the sources and the ws DSL agree on. */
export interface WebSocketExchange<Connection = unknown> {
  readonly kind: 'websocket'
  readonly id: string
  readonly url: URL
  readonly protocols: readonly string[]
  readonly connection: Connection
  accept(): void
  passthrough(): void
  errorWith(error: Error): void
}

export type Exchange = HttpExchange | WebSocketExchange

/** Never rejects. */
export type ExchangeSink = (exchange: Exchange) => Promise<void>

/** `start` returns the function that stops it and restores everything it patched. */
export interface Source {
  readonly name: string
  start(sink: ExchangeSink): () => void
}

/** A source that must wait before it intercepts (a Service Worker's handshake). */
export interface StartingSource {
  readonly name: string
  start(sink: ExchangeSink): Promise<() => void | Promise<void>>
}

/** What handlers share about an exchange, parsed once. */
export interface ExchangeContext {
  readonly exchange: Exchange
  readonly requestId: string
  /** Why handlers did not match (printed by the unhandled-request policy). */
  readonly notes: readonly string[]
  addNote(text: string): void
  memo<T>(key: unknown, compute: (context: this) => T): T
}

/**
 * What a handler looks like in messages and in `listHandlers()`.
 *
 * @example
 * server.listHandlers().map((handler) => handler.info.header) // ['GET /posts/:id', 'query ListPosts']
 */
export interface HandlerInfo {
  /** `'http'`, `'graphql'`, `'mock'`, `'ws'`… */
  readonly kind: string
  /** A one-line description, such as `GET /posts/:id`. */
  readonly header: string
}

/**
 * A family of handlers indexed the same way (REST by method and path prefix, GraphQL by operation).
 * `requestKeys` is `null` when none can match; `whenUnanswered` is GraphQL batches' second try.
 */
export interface Channel<Context extends ExchangeContext = ExchangeContext> {
  readonly name: string
  requestKeys(context: Context): readonly string[] | null | Promise<readonly string[] | null>
  whenUnanswered?(context: Context, redispatch: Redispatch<Context>): Promise<Answered | undefined> | undefined
}

export type Redispatch<Context extends ExchangeContext = ExchangeContext> = (part: Context) => Promise<PartOutcome>

export type PartOutcome =
  | { readonly kind: 'answered'; readonly handler: Handler; readonly response: Response }
  | { readonly kind: 'unhandled'; readonly notes: readonly string[] }
  | { readonly kind: 'passthrough'; readonly handler: Handler }

export interface Answered {
  readonly handler: Handler
  readonly response: Response
}

export interface IndexKey {
  readonly channel: Channel<any>
  readonly key: string
}

/** The brand every handler carries; a `Symbol.for`, so the CJS and ESM builds agree. */
export const HANDLER_BRAND: symbol = Symbol.for('mocklib.handler')

/**
 * What every handler is to the kernel. `match` returns what `respond` needs, or `undefined`; a use is
 * claimed synchronously before `respond`, whose `undefined` gives it back.
 *
 * @example
 * const handlers: Handler[] = [http.get('/user', () => HttpResponse.json({ id: 1 }))]
 */
export interface Handler<Match = unknown, Context extends ExchangeContext = any> {
  // The brand is left out of this type: a `unique symbol` of one declaration file (ESM, CJS) is not another's.
  readonly kind: ExchangeKind
  readonly info: HandlerInfo
  readonly indexKey: IndexKey
  /** More kinds of exchange it takes, each under its own key (a GraphQL subscription: SSE and WebSocket). */
  readonly alsoTakes?: readonly { readonly kind: ExchangeKind; readonly indexKey: IndexKey }[]
  match(context: Context): Match | undefined | Promise<Match | undefined>
  respond(match: Match, context: Context): Response | undefined | Promise<Response | undefined>
  /** False when the handler is used up. */
  claim(): boolean
  /** Gives back a use reserved by `claim`. */
  unclaim(): void
  /** `restoreHandlers()`. */
  restore(): void
  /** `resetHandlers()`: forgets progress such as generator state. */
  reset?(): void | Promise<void>
}
