import { message } from '../../kernel/index.js'
import type { RawClientConnection } from '../ws/ws-events.js'
import { errorMessage } from './subscription-sse.js'
import { pump, type SubscriptionIterator } from './subscription-stream.js'


// Close codes of the protocol, as graphql-ws clients read them.
const BAD_REQUEST = 4400
const UNAUTHORIZED = 4401
const SUBSCRIBER_EXISTS = 4409
const TOO_MANY_INITIALISATIONS = 4429

/** The payload of a `subscribe` message. */
export interface SubscribePayload {
  readonly query: string
  readonly variables: Record<string, unknown>
  readonly operationName: string | undefined
}

/** A GraphQL error as graphql-ws's `error` message carries it. */
export interface ProtocolError {
  readonly message: string
}

/**
 * How a session starts one subscription: the iterator of the handler that
 * took it, or the errors to answer (no handler, an unparsable query, a
 * resolver that threw before streaming).
 */
export type StartSubscription = (
  payload: SubscribePayload,
  signal: AbortSignal,
  connectionParams: Record<string, unknown> | undefined,
) => Promise<{ readonly iterator: SubscriptionIterator; readonly handler: string } | { readonly errors: readonly ProtocolError[] }>

/**
 * The server side of one graphql-transport-ws connection, played by mocklib:
 * `connection_init` → `connection_ack`, `ping` → `pong`, `subscribe` → `next`…
 * `complete` (or `error`), and the client's `complete` (or the socket closing)
 * stops the subscription's iterator. Protocol violations close the socket with
 * the protocol's codes (4400, 4401, 4409, 4429), as a real server does.
 *
 * @example
 * new GraphQLWsSession(raw.client, start, (error) => context.report(error)).listen()
 */
export class GraphQLWsSession {
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

/**
 * The error text of a `subscribe` no handler answered.
 *
 * @example
 * unansweredSubscription('OnCount', 'ws://api.test/graphql')
 */
export function unansweredSubscription(operationName: string | undefined, url: string): string {
  const name = operationName === undefined ? 'an anonymous subscription' : `the subscription "${operationName}"`
  return message(
    `No graphql.subscription() handler answers ${name} on ${url} (graphql-ws).`,
    operationName === undefined
      ? 'Name the operation and add graphql.subscription(name, resolver), or a handler whose selector matches it.'
      : `Add graphql.subscription('${operationName}', async function* () { yield { data: { … } } }).`,
  )
}
