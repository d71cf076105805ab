import { ContextScratchpad } from './request-context.js'
import type { ExchangeContext, Handler, WebSocketExchange } from './contracts.js'
import { asError } from './errors.js'
import type { RequestEventInfo } from './events.js'
import type { HandlerScope } from './handler-scope.js'

/** `report` takes an error a listener throws later; a handler names the `Connection` shape where it reads it. */
export class ConnectionContext<Connection = any> extends ContextScratchpad implements ExchangeContext {
  constructor(
    readonly exchange: WebSocketExchange<Connection>,
    readonly scope: HandlerScope,
    readonly report: (error: unknown) => void,
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

/** A traffic observer may implement it: told once per connection which handlers took it (none: unhandled). */
export interface ConnectionObserver {
  onConnection?(context: ConnectionContext, handlers: readonly Handler[]): void
}

/** Unlike a request, a connection goes to EVERY handler that matches (as msw: several links may listen to one socket). */
export async function dispatchConnection(
  scope: HandlerScope,
  exchange: WebSocketExchange,
  onError: (error: unknown) => void,
  observers: Iterable<object>,
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
  for (const observer of observers) (observer as ConnectionObserver).onConnection?.(context, taken)
  // As msw: a listener that throws fails the connection (`error`, then close 1011), which still counts as taken.
  if (failure !== undefined) {
    const error = asError(failure.error)
    listenerFailures.set(exchange, error)
    exchange.errorWith(error)
  }
  return taken.length > 0
}

const listenerFailures = new WeakMap<WebSocketExchange, Error>()
const offers = new WeakMap<WebSocketExchange, () => void>()

/** A connection that exists only if a handler takes it (a handshake made with `fetch`); else `fallBack` runs instead of the policy. */
export function offerOnly(exchange: WebSocketExchange, fallBack: () => void): void {
  offers.set(exchange, fallBack)
}

/** Lets a source tell a broken handler from a refused connection in `errorWith`. */
export function listenerFailureOf(exchange: WebSocketExchange): Error | undefined {
  return listenerFailures.get(exchange)
}

const policyOutcomes = new WeakSet<WebSocketExchange>()

export function decideByPolicy(exchange: WebSocketExchange): void {
  policyOutcomes.add(exchange)
}

/** Lets a source play msw's outcome of a policy (a passthrough opens the client at once) rather than a broken connection's. */
export function decidedByPolicy(exchange: WebSocketExchange): boolean {
  return policyOutcomes.has(exchange)
}

const LATE_ERRORS = Symbol('late errors')

type LateErrorReporter = (info: RequestEventInfo, error: unknown) => void

/** Once per runtime, on its root scope (every boundary's scope descends from it). */
export function acceptLateErrors(root: HandlerScope, report: LateErrorReporter): void {
  root.extensions.set(LATE_ERRORS, report)
}

/** An error thrown after the exchange was answered (an event stream's resolver): `unhandledException`. */
export function reportLateError(scope: HandlerScope, info: RequestEventInfo, error: unknown): void {
  let root = scope
  while (root.parent !== undefined) root = root.parent
  const report = root.extensions.get(LATE_ERRORS) as LateErrorReporter | undefined
  report?.(info, error)
}
