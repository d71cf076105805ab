import type { IncomingMessage, ServerResponse } from 'node:http'
import type { HandlerInfo, HttpExchange } from '../../contracts.js'
import { message } from '../../errors.js'
import { createRequestId } from '../../request-context.js'
import { headersOfRaw } from '../http-layer.js'
import { corsAnswerHeaders } from './cors.js'
import { writeResponse } from './write-response.js'

/**
 * What became of a served request, as the journal tells it.
 *
 * @example
 * const failed = requests.filter((request) => request.outcome === 'failed')
 */
export type ServedOutcome = 'mocked' | 'passthrough' | 'unhandled' | 'preflight' | 'refused' | 'failed'

export interface Forwarded {
  readonly response: Response
  /** From another server (a proxy), not made by the mock server (a 404). */
  readonly real: boolean
}

export interface ServedExchangeHooks {
  /** Adds the CORS headers an answer does not set itself. */
  readonly cors: boolean
  /** Proxies a request the handlers sent on, or says it was not handled. */
  forward(exchange: ServedExchange): Promise<Forwarded>
  answered(exchange: ServedExchange, response: Response): void
}

/** One request received by the mock server, answered as any intercepted request. */
export class ServedExchange implements HttpExchange {
  readonly kind = 'http'
  readonly id = createRequestId()
  readonly method: string
  readonly startedAt = Date.now()
  #request: Request | undefined
  /** Set by the server's observer, with where the handler was written when known. */
  handler: (HandlerInfo & { readonly source?: string }) | undefined
  unhandled = false
  outcome: ServedOutcome | undefined
  /** Why `errorWith` failed the request. */
  failure: string | undefined

  constructor(
    readonly incoming: IncomingMessage,
    readonly outgoing: ServerResponse,
    readonly url: URL,
    readonly body: Uint8Array | undefined,
    private readonly hooks: ServedExchangeHooks,
  ) {
    this.method = (incoming.method ?? 'GET').toUpperCase()
  }

  get bodyless(): boolean {
    return this.body === undefined
  }

  get request(): Request {
    return (this.#request ??= this.#buildRequest())
  }

  #buildRequest(): Request {
    const headers = headersOfRaw(this.incoming.rawHeaders)
    const body = this.method === 'GET' || this.method === 'HEAD' ? undefined : this.body
    // Aborted when the client goes away before its answer is done: an event stream's resolver stops on it.
    const aborted = new AbortController()
    this.outgoing.once('close', () => {
      if (!this.outgoing.writableFinished) aborted.abort(new Error('The client closed the connection.'))
    })
    return new Request(this.url, { method: this.method, headers, body: body as BodyInit | undefined, signal: aborted.signal })
  }

  respondWith(response: Response): void {
    this.outcome ??= 'mocked'
    void this.write(response)
  }

  async passthrough(report?: boolean): Promise<Response | undefined> {
    this.outcome = this.unhandled ? 'unhandled' : 'passthrough'
    const { response, real } = await this.hooks.forward(this)
    const copy = report && real && response.type !== 'error' ? response.clone() : undefined
    await this.write(response)
    return copy
  }

  errorWith(error: Error): void {
    // A served client is better told why than cut off: an answer check's or the policy's refusal, in the body.
    this.outcome = 'failed'
    this.failure = error.message
    void this.write(new Response(error.message.startsWith('[mocklib]') ? error.message : message(error.message), { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8', 'x-mocklib-error': 'true' } }))
  }

  async write(response: Response): Promise<void> {
    if (this.outgoing.headersSent || this.outgoing.destroyed) return
    const extra = this.hooks.cors ? corsAnswerHeaders(this.incoming, response) : undefined
    // The journal reads its own copy of the body, so it clones before the body is read for the client.
    this.hooks.answered(this, response)
    await writeResponse(response, this.outgoing, this.method, extra)
  }
}
