import { ContextScratchpad } from './request-context.js'
import type { ExchangeContext, Handler, WebSocketExchange } from './contracts.js'
import type { HandlerScope } from './handler-scope.js'

/**
 * What WebSocket handlers see while they match a connection. `report` is how
 * a handler reports an error thrown later, in a listener of the connection
 * (the runtime emits `unhandledException` for it).
 *
 * `Connection` (the shape of the connection objects) defaults to `any`: the
 * kernel hands every handler the same context, and a handler names the shape
 * it reads where it reads it (`context: ConnectionContext<WebSocketConnectionEnds>`).
 */
export class ConnectionContext<Connection = any> extends ContextScratchpad implements ExchangeContext {
  constructor(
    readonly exchange: WebSocketExchange<Connection>,
    readonly scope: HandlerScope,
    readonly report: (error: unknown) => void = () => {},
  ) {
    super()
  }

  get requestId(): string {
    return this.exchange.id
  }

  get url(): URL {
    return this.exchange.url
  }
}

/**
 * An observer of connections (history): told once per connection, after the
 * handlers of its scope were offered it, which of them took it (none: the
 * connection was unhandled). A runtime's traffic observers may implement it.
 *
 * @example
 * const observer: ConnectionObserver = { onConnection: (context, handlers) => console.log(context.url.href, handlers.length) }
 */
export interface ConnectionObserver {
  onConnection?(context: ConnectionContext, handlers: readonly Handler[]): void
}

/**
 * Offers a connection to the WebSocket handlers of `scope` in list order.
 * Unlike a request, a connection goes to EVERY handler that matches (as msw:
 * several links may listen to one socket). Resolves `true` when at least one
 * took it. A handler that throws is reported through `onError` and the others
 * still get the connection.
 */
export async function dispatchConnection(
  scope: HandlerScope,
  exchange: WebSocketExchange,
  onError: (error: unknown) => void,
  observers?: Iterable<object>,
): Promise<boolean> {
  const context = new ConnectionContext(exchange, scope, onError)
  const { list } = scope
  const found = list.candidates('websocket', context)
  const positions = found instanceof Promise ? await found : found
  const taken: Handler[] = []
  let failure: { error: unknown } | undefined
  for (const position of positions) {
    const handler = list.handlers[position]!
    const matching = handler.match(context)
    const match = matching instanceof Promise ? await matching : matching
    if (match === undefined || !handler.claim()) continue
    taken.push(handler)
    try {
      await handler.respond(match, context)
    } catch (error) {
      onError(error)
      failure ??= { error }
    }
  }
  if (taken.length === 0) {
    const fallBack = offers.get(exchange)
    if (fallBack !== undefined) {
      // Offered only: the connection is not one, its request goes on as HTTP (see `offerOnly`).
      fallBack()
      return true
    }
  }
  if (observers !== undefined) for (const observer of observers) (observer as ConnectionObserver).onConnection?.(context, taken)
  // As msw: a connection listener that throws fails the connection (the client sees
  // `error`, then close 1011 with the error's message) and it never opens; it still
  // counts as taken, so no unhandled policy applies (and `accept()` finds it closed).
  if (failure !== undefined) {
    const error = asError(failure.error)
    listenerFailures.set(exchange, error)
    exchange.errorWith(error)
  }
  return taken.length > 0
}

const listenerFailures = new WeakMap<WebSocketExchange, Error>()
const offers = new WeakMap<WebSocketExchange, () => void>()

/**
 * Marks `exchange` as an offer: a connection that exists only if a handler
 * takes it (a WebSocket handshake made with `fetch`). When none does,
 * `dispatchConnection` calls `fallBack` instead of the unhandled policy, tells
 * no observer, and resolves `true` (the `accept()` that follows must do nothing).
 *
 * @example
 * offerOnly(exchange, () => void sink(httpExchange))
 */
export function offerOnly(exchange: WebSocketExchange, fallBack: () => void): void {
  offers.set(exchange, fallBack)
}

/**
 * The error of a `connection` listener that threw for `exchange`, if one did:
 * lets a source tell a broken handler from a refused connection in `errorWith`.
 *
 * @example
 * errorWith: (error) => (listenerFailureOf(exchange) ? closeWith1011(error) : refuse(error))
 */
export function listenerFailureOf(exchange: WebSocketExchange): Error | undefined {
  return listenerFailures.get(exchange)
}

const policyOutcomes = new WeakSet<WebSocketExchange>()

/**
 * Marks that the unhandled-request policy decides `exchange`: its
 * `passthrough()` or `errorWith()` that follows is the policy's.
 *
 * @example
 * decideByPolicy(exchange)
 * verdict.action === 'pass' ? exchange.passthrough() : exchange.errorWith(verdict.error)
 */
export function decideByPolicy(exchange: WebSocketExchange): void {
  policyOutcomes.add(exchange)
}

/**
 * True when the unhandled-request policy decided `exchange`: lets a source
 * play msw's outcome of a policy (the client opens at once on a passthrough,
 * after its `error` under `'error'`) rather than that of a broken connection.
 *
 * @example
 * passthrough: () => (decidedByPolicy(exchange) ? openNowAndConnect() : connectThenOpen())
 */
export function decidedByPolicy(exchange: WebSocketExchange): boolean {
  return policyOutcomes.has(exchange)
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value))
}

const LATE_ERRORS = Symbol('late errors')

type LateErrorReporter = (info: { readonly request: Request; readonly requestId: string }, error: unknown) => void

/**
 * Lets `reportLateError` reach a runtime's `unhandledException` event: called
 * once per runtime, on its root scope (every boundary's scope descends from it).
 *
 * @example
 * acceptLateErrors(store.root, (info, error) => emitter.emit('unhandledException', { ...info, error }))
 */
export function acceptLateErrors(root: HandlerScope, report: LateErrorReporter): void {
  root.extensions.set(LATE_ERRORS, report)
}

/**
 * Reports an error a handler's code threw after its exchange was answered (an
 * event stream's resolver that rejects after the stream started) as a
 * resolver error: `unhandledException`. False when no runtime accepts them.
 *
 * @example
 * resolverPromise.catch((error) => reportLateError(context.scope, { request, requestId }, error))
 */
export function reportLateError(scope: HandlerScope, info: { readonly request: Request; readonly requestId: string }, error: unknown): boolean {
  let root = scope
  while (root.parent !== undefined) root = root.parent
  const report = root.extensions.get(LATE_ERRORS) as LateErrorReporter | undefined
  report?.(info, error)
  return report !== undefined
}
