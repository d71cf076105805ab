import type { ClientRequest, IncomingMessage, OutgoingHttpHeader, RequestOptions } from 'node:http'
import type { HttpExchange } from '../../contracts.js'
import { BYPASS_HEADER, bypassValue, ownCall } from '../../passthrough.js'
import { createRequestId } from '../../request-id.js'
import { toFetchRequest } from './fetch-request.js'
import type { MockSocket } from './mock-socket.js'
import { NativeHeaders, NativeResponse } from '../native-fetch.js'
import { networkError } from '../native-fetch.js'
import { writeResponse } from './response-writer.js'

/** `http.request` / `https.request` as the layer found them. */
export type RequestFunction = (...args: unknown[]) => ClientRequest

/** The arguments of one `http.request(...)` call, split. */
export interface CallArgs {
  readonly url: string | URL | undefined
  readonly options: RequestOptions
  readonly callback: ((response: IncomingMessage) => void) | undefined
}

/**
 * One request made through node:http/https, once the client ended it, as the
 * runtime sees it. Method, URL and the bypass mark come from the
 * ClientRequest; the Fetch `Request` is built only when something reads it
 * (a resolver, an event listener, history, recording): a handler that
 * matches on method and URL and answers without reading the request costs no
 * Request, Headers or AbortSignal.
 *
 * @example
 * await sink(new ClientRequestExchange(request, socket, body, 'http:', call, realRequest))
 */
export class ClientRequestExchange implements HttpExchange {
  readonly kind = 'http'
  readonly id = createRequestId()
  readonly method: string
  readonly url: URL
  readonly bypassed: boolean
  #request: Request | undefined

  constructor(
    private readonly client: ClientRequest,
    private readonly socket: MockSocket,
    private readonly body: Uint8Array<ArrayBuffer> | null,
    protocol: string,
    private readonly call: CallArgs,
    private readonly realRequest: RequestFunction,
  ) {
    this.method = client.method.toUpperCase()
    const host = client.getHeader('host')
    // Throws for a request no URL can describe: the caller fails the request with it.
    this.url = new URL(`${protocol}//${host === undefined ? client.host : headerText(host)}${client.path}`)
    const mark = client.getHeader(BYPASS_HEADER)
    this.bypassed = mark !== undefined && headerText(mark) === bypassValue()
  }

  get request(): Request {
    return (this.#request ??= this.#buildRequest())
  }

  #buildRequest(): Request {
    // Filled through the constructor: the socket layer's interceptor wraps `set`/`append` on every Headers.
    const lines: [string, string][] = []
    const outgoing = this.client.getHeaders()
    for (const name in outgoing) {
      const value = outgoing[name]
      if (value === undefined) continue
      if (Array.isArray(value)) for (const item of value) lines.push([name, item])
      else lines.push([name, String(value)])
    }
    // node:http sends a body with any method, GET included: so do the resolver's Request and a passthrough.
    return toFetchRequest(this.url.href, this.method, new NativeHeaders(lines), this.body)
  }

  respondWith(response: Response): void {
    const { socket } = this
    if (socket.destroyed) return
    if (response.type === 'error') socket.destroy(networkError(response))
    else this.#deliver(response)
  }

  errorWith(error: Error): void {
    if (!this.socket.destroyed) this.socket.destroy(error)
  }

  async passthrough(report?: boolean): Promise<Response | undefined> {
    if (this.socket.destroyed) return undefined
    const response = await this.#sendToNetwork()
    if (response === undefined) return undefined
    const copy = report ? response.clone() : undefined
    this.#deliver(response)
    return copy
  }

  #deliver(response: Response): void {
    const { socket } = this
    writeResponse(socket, response, this.method)?.catch((error: unknown) => socket.destroy(error instanceof Error ? error : new Error(String(error))))
  }

  /** The passthrough: the same request through the original function, its answer as a Response. */
  #sendToNetwork(): Promise<Response | undefined> {
    const { call, client, socket, body } = this
    const headers = { ...client.getHeaders(), [BYPASS_HEADER]: ownCall() }
    const options: RequestOptions = { ...call.options, method: client.method, headers }
    return new Promise((resolve) => {
      const onResponse = (incoming: IncomingMessage) => resolve(toFetchResponse(incoming))
      const real = call.url === undefined ? this.realRequest(options, onResponse) : this.realRequest(call.url, options, onResponse)
      real.on('error', (error) => {
        socket.destroy(error)
        resolve(undefined)
      })
      socket.once('close', () => real.destroy())
      real.end(body ?? undefined)
    })
  }
}

/** A header value as Fetch's `Headers.get` would give it. */
function headerText(value: OutgoingHttpHeader): string {
  return Array.isArray(value) ? value.join(', ') : String(value)
}

function toFetchResponse(incoming: IncomingMessage): Response {
  const headers = new NativeHeaders()
  const raw = incoming.rawHeaders
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!)
  const status = incoming.statusCode ?? 200
  const bodyless = status === 204 || status === 304 || status < 200
  // Header values read off the wire are bytes (latin1): the writer sends them back as they came.
  return new NativeResponse(bodyless ? null : (process.getBuiltinModule('node:stream').Readable.toWeb(incoming) as ReadableStream<Uint8Array>), {
    status: status < 200 ? 200 : status,
    statusText: incoming.statusMessage ?? '',
    headers,
  })
}
