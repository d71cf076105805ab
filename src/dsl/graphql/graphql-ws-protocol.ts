import { message, type ConnectionContext } from '../../kernel/index.js'
import type { RawClientConnection } from '../ws/ws-events.js'
import { parseOperation } from './parse-operation.js'
import { isSubscriptionHandler, type SubscriptionCandidate, type SubscriptionConnection, type SubscriptionResolverInfoRuntime } from './subscription-connection.js'
import { errorMessage, pump, type SubscriptionIterator } from './subscription-stream.js'

// graphql-ws, loaded by the first WebSocket connection a subscription handler takes.

// Close codes of the protocol, as graphql-ws clients read them.
const BAD_REQUEST = 4400
const UNAUTHORIZED = 4401
const SUBSCRIBER_EXISTS = 4409
const TOO_MANY_INITIALISATIONS = 4429

/** The payload of a `subscribe` message. */
interface SubscribePayload {
  readonly query: string
  readonly variables: Record<string, unknown>
  readonly operationName: string | undefined
}

/** A GraphQL error as graphql-ws's `error` message carries it. */
interface ProtocolError {
  readonly message: string
}

/**
 * How a session starts one subscription: the iterator of the handler that
 * took it, or the errors to answer (no handler, an unparsable query, a
 * resolver that threw before streaming).
 */
type StartSubscription = (
  payload: SubscribePayload,
  signal: AbortSignal,
  connectionParams: Record<string, unknown> | undefined,
) => Promise<{ readonly iterator: SubscriptionIterator; readonly handler: string } | { readonly errors: readonly ProtocolError[] }>

/**
 * Plays graphql-ws on a connection a subscription handler took. Each
 * `subscribe` is parsed and offered to the subscription handlers of the
 * connection's scope, in list order, as it is when the message arrives.
 *
 * @example
 * startSession(connectionOf(context), context)
 */
export function startSession(connection: SubscriptionConnection, context: ConnectionContext): void {
  const { client } = context.exchange.connection as { client: RawClientConnection }
  // The runtime's reporter (unhandledException) where the kernel provides one.
  const report = (context as { report?: (error: unknown) => void }).report ?? ((error: unknown) => console.error(error))
  const start: StartSubscription = async (payload, signal, connectionParams) => {
    const operation = await parseOperation({ kind: 'raw', ...payload })
    if (operation.kind === 'invalid') return { errors: [{ message: `[mocklib] This graphql-ws subscribe cannot be answered: ${operation.reason}` }] }
    if (operation.operationType !== 'subscription') {
      return { errors: [{ message: `[mocklib] graphql-ws carried a ${operation.operationType}; mocklib answers only subscriptions over graphql-ws. Send queries and mutations over HTTP (graphql.query / graphql.mutation).` }] }
    }
    for (const handler of context.scope.list.handlers) {
      if (!isSubscriptionHandler(handler)) continue
      if (!(await handler.selects(operation, connection.request, connection.socketRequest)) || !handler.claim()) continue
      const iterator = await openOrRelease(handler, {
        query: operation.query,
        variables: operation.variables,
        operationName: operation.operationName,
        operationType: 'subscription',
        request: connection.request.request,
        cookies: connection.request.cookies,
        requestId: context.requestId,
        connectionParams,
        transport: 'graphql-ws',
        signal,
      })
      if (iterator !== undefined) return { iterator, handler: handler.label }
    }
    return { errors: [{ message: unansweredSubscription(operation.operationName, context.url.href) }] }
  }
  new GraphQLWsSession(client, start, report).listen()
}

/** Opens the handler's stream; a resolver that answered nothing gives its use back (a throw keeps it, as over HTTP). */
async function openOrRelease(handler: SubscriptionCandidate, info: SubscriptionResolverInfoRuntime): Promise<SubscriptionIterator | undefined> {
  const iterator = await handler.open(info)
  if (iterator === undefined) handler.unclaim()
  return iterator
}

/**
 * The server side of one graphql-transport-ws connection, played by mocklib:
 * `connection_init` → `connection_ack`, `ping` → `pong`, `subscribe` → `next`…
 * `complete` (or `error`), and the client's `complete` (or the socket closing)
 * stops the subscription's iterator. Protocol violations close the socket with
 * the protocol's codes (4400, 4401, 4409, 4429), as a real server does.
 */
class GraphQLWsSession {
  #initialised = false
  #acknowledged = false
  #connectionParams: Record<string, unknown> | undefined
  readonly #active = new Map<string, AbortController>()

  constructor(
    private readonly client: RawClientConnection,
    private readonly start: StartSubscription,
    private readonly report: (error: unknown) => void,
  ) {}

  /** Starts answering the client's messages. */
  listen(): void {
    this.client.addEventListener('message', (event: { data: unknown }) => this.#receive(event.data))
    this.client.addEventListener('close', () => {
      for (const controller of this.#active.values()) controller.abort()
      this.#active.clear()
    })
  }

  #receive(data: unknown): void {
    const received = parseMessage(data)
    if (received === undefined) return this.#close(BAD_REQUEST, 'Invalid message received')
    switch (received.type) {
      case 'connection_init':
        if (this.#initialised) return this.#close(TOO_MANY_INITIALISATIONS, 'Too many initialisation requests')
        this.#initialised = true
        this.#connectionParams = isRecord(received.payload) ? received.payload : undefined
        this.#acknowledged = true
        return this.#send({ type: 'connection_ack' })
      case 'ping':
        return this.#send(received.payload === undefined ? { type: 'pong' } : { type: 'pong', payload: received.payload })
      case 'pong':
        return
      case 'subscribe':
        return this.#subscribe(received)
      case 'complete':
        if (typeof received.id !== 'string') return this.#close(BAD_REQUEST, 'Invalid message received')
        this.#active.get(received.id)?.abort()
        this.#active.delete(received.id)
        return
      default:
        return this.#close(BAD_REQUEST, `Unexpected message of type ${JSON.stringify(received.type)} received`)
    }
  }

  #subscribe(received: Record<string, unknown>): void {
    if (!this.#acknowledged) return this.#close(UNAUTHORIZED, 'Unauthorized')
    const { id, payload } = received
    if (typeof id !== 'string' || id === '' || !isRecord(payload) || typeof payload.query !== 'string') {
      return this.#close(BAD_REQUEST, 'Invalid message received')
    }
    if (this.#active.has(id)) return this.#close(SUBSCRIBER_EXISTS, `Subscriber for ${id} already exists`)
    const controller = new AbortController()
    this.#active.set(id, controller)
    const operation: SubscribePayload = {
      query: payload.query,
      variables: isRecord(payload.variables) ? payload.variables : {},
      operationName: typeof payload.operationName === 'string' ? payload.operationName : undefined,
    }
    void this.#run(id, operation, controller)
  }

  async #run(id: string, operation: SubscribePayload, controller: AbortController): Promise<void> {
    const live = () => this.#active.get(id) === controller && !controller.signal.aborted
    const finish = () => {
      if (this.#active.get(id) === controller) this.#active.delete(id)
    }
    let started
    try {
      started = await this.start(operation, controller.signal, this.#connectionParams)
    } catch (error) {
      // A resolver that threw before it streamed: the client hears of it, the runtime reports it.
      this.report(error)
      started = { errors: [{ message: errorMessage(error) }] }
    }
    if (!live()) return finish()
    if ('errors' in started) {
      this.#send({ type: 'error', id, payload: started.errors })
      return finish()
    }
    await pump(started.iterator, controller.signal, {
      next: (result) => {
        if (live()) this.#send({ type: 'next', id, payload: result })
      },
      complete: () => {
        if (live()) this.#send({ type: 'complete', id })
        finish()
      },
      error: (error) => {
        this.report(error)
        if (live()) this.#send({ type: 'error', id, payload: [{ message: errorMessage(error) }] })
        finish()
      },
    }, started.handler)
  }

  #send(body: Record<string, unknown>): void {
    try {
      this.client.send(JSON.stringify(body))
    } catch {
      // The socket closed meanwhile; its close listener stops every subscription.
    }
  }

  #close(code: number, reason: string): void {
    for (const controller of this.#active.values()) controller.abort()
    this.#active.clear()
    this.client.close(code, reason)
  }
}

function parseMessage(data: unknown): (Record<string, unknown> & { type: string }) | undefined {
  if (typeof data !== 'string') return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(data)
  } catch {
    return undefined
  }
  return isRecord(parsed) && typeof parsed.type === 'string' ? (parsed as Record<string, unknown> & { type: string }) : undefined
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The error text of a `subscribe` no handler answered. */
function unansweredSubscription(operationName: string | undefined, url: string): string {
  const name = operationName === undefined ? 'an anonymous subscription' : `the subscription "${operationName}"`
  return message(
    `No graphql.subscription() handler answers ${name} on ${url} (graphql-ws).`,
    operationName === undefined
      ? 'Name the operation and add graphql.subscription(name, resolver), or a handler whose selector matches it.'
      : `Add graphql.subscription('${operationName}', async function* () { yield { data: { … } } }).`,
  )
}
