import { message, type ConnectionContext } from '../../kernel/index.js'
import type { RawClientConnection } from '../ws/ws-events.js'
import type { parseOperation } from './parse-operation.js'
import { isSubscriptionHandler, type SubscriptionConnection, type SubscriptionIterator } from './subscription-connection.js'
import { errorMessage, pump, resolverInfo, type SubscriptionSink } from './subscription-stream.js'

const BAD_REQUEST = 4400
const UNAUTHORIZED = 4401
const SUBSCRIBER_EXISTS = 4409
const TOO_MANY_INITIALISATIONS = 4429

type Started = { readonly iterator: SubscriptionIterator; readonly handler: string } | { readonly errors: readonly { readonly message: string }[] }

/**
 * The server side of one graphql-transport-ws connection. Protocol violations close the socket with
 * the protocol's codes, as a real server does; each `subscribe` goes to the scope's subscription
 * handlers in list order, as it is when the message arrives.
 */
export class GraphQLWsSession {
  readonly #connection: SubscriptionConnection
  readonly #context: ConnectionContext
  readonly #client: RawClientConnection
  readonly #parse: typeof parseOperation
  #acknowledged = false
  #connectionParams: Record<string, unknown> | undefined
  readonly #active = new Map<string, AbortController>()

  // The parser is given, not imported: a bundle without GraphQL handlers then drops it from its main chunk.
  constructor(connection: SubscriptionConnection, context: ConnectionContext, parse: typeof parseOperation) {
    this.#connection = connection
    this.#parse = parse
    this.#context = context
    this.#client = context.exchange.connection.client
  }

  listen(): void {
    this.#client.addEventListener('message', (event: { data: unknown }) => this.#receive(event.data))
    this.#client.addEventListener('close', () => this.#stopAll())
  }

  #receive(data: unknown): void {
    const received = parseMessage(data)
    if (received === undefined) return this.#close(BAD_REQUEST, 'Invalid message received')
    switch (received.type) {
      case 'connection_init':
        if (this.#acknowledged) return this.#close(TOO_MANY_INITIALISATIONS, 'Too many initialisation requests')
        this.#acknowledged = true
        this.#connectionParams = isRecord(received.payload) ? received.payload : undefined
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
    void this.#run(id, payload as Record<string, unknown> & { query: string }, controller)
  }

  async #run(id: string, payload: Record<string, unknown> & { query: string }, controller: AbortController): Promise<void> {
    const live = () => this.#active.get(id) === controller && !controller.signal.aborted
    // The last message of a subscription, unless the client ended it first.
    const end = (last?: Record<string, unknown>) => {
      if (last !== undefined && live()) this.#send(last)
      if (this.#active.get(id) === controller) this.#active.delete(id)
    }
    const sink: SubscriptionSink = {
      next: (result) => {
        if (live()) this.#send({ type: 'next', id, payload: result })
      },
      complete: () => end({ type: 'complete', id }),
      error: (error) => {
        this.#context.report(error)
        end({ type: 'error', id, payload: [{ message: errorMessage(error) }] })
      },
    }
    let started: Started
    try {
      started = await this.#start(payload, controller.signal)
    } catch (error) {
      return sink.error(error)
    }
    if ('errors' in started) return end({ type: 'error', id, payload: started.errors })
    if (!live()) return end()
    await pump(started.iterator, controller.signal, sink, started.handler)
  }

  async #start(payload: Record<string, unknown> & { query: string }, signal: AbortSignal): Promise<Started> {
    const operation = await this.#parse({
      kind: 'raw',
      query: payload.query,
      variables: isRecord(payload.variables) ? payload.variables : {},
      operationName: typeof payload.operationName === 'string' ? payload.operationName : undefined,
    })
    if (operation.kind === 'invalid') return { errors: [{ message: `[mocklib] This graphql-ws subscribe cannot be answered: ${operation.reason}` }] }
    if (operation.operationType !== 'subscription') {
      return { errors: [{ message: `[mocklib] graphql-ws carried a ${operation.operationType}; mocklib answers only subscriptions over graphql-ws. Send queries and mutations over HTTP (graphql.query / graphql.mutation).` }] }
    }
    const { request, socketRequest } = this.#connection
    for (const handler of this.#context.scope.list.handlers) {
      if (!isSubscriptionHandler(handler)) continue
      if (!(await handler.selects(operation, request, socketRequest)) || !handler.claim()) continue
      const iterator = await handler.open(resolverInfo(operation, request, 'graphql-ws', signal, this.#connectionParams))
      if (iterator !== undefined) return { iterator, handler: handler.label }
      // A resolver that answered nothing gives its use back (a throw keeps it, as over HTTP).
      handler.unclaim()
    }
    return { errors: [{ message: unansweredSubscription(operation.operationName, this.#context.url.href) }] }
  }

  #send(body: Record<string, unknown>): void {
    try {
      this.#client.send(JSON.stringify(body))
    } catch {
      // The socket closed meanwhile; its close listener stops every subscription.
    }
  }

  #close(code: number, reason: string): void {
    this.#stopAll()
    this.#client.close(code, reason)
  }

  #stopAll(): void {
    for (const controller of this.#active.values()) controller.abort()
    this.#active.clear()
  }
}

function parseMessage(data: unknown): (Record<string, unknown> & { type: string }) | undefined {
  try {
    const parsed: unknown = typeof data === 'string' ? JSON.parse(data) : undefined
    return isRecord(parsed) && typeof parsed.type === 'string' ? (parsed as Record<string, unknown> & { type: string }) : undefined
  } catch {
    return undefined
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function unansweredSubscription(operationName: string | undefined, url: string): string {
  const name = operationName === undefined ? 'an anonymous subscription' : `the subscription "${operationName}"`
  return message(
    `No graphql.subscription() handler answers ${name} on ${url} (graphql-ws).`,
    operationName === undefined
      ? 'Name the operation and add graphql.subscription(name, resolver), or a handler whose selector matches it.'
      : `Add graphql.subscription('${operationName}', async function* () { yield { data: { … } } }).`,
  )
}
