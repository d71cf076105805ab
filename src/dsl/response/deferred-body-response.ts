import { KNOWN_BODY, NULL_BODY_STATUSES } from '../../kernel/known-body.js'

const TEXT_PLAIN: Readonly<Record<string, string>> = /* @__PURE__ */ Object.freeze({ 'content-type': 'text/plain;charset=UTF-8' })

const encoder = /* @__PURE__ */ new TextEncoder()

// Fetch's own getters (undici, browsers), for responses whose body was not deferred.
const fetchBody = /* @__PURE__ */ accessorOf('body')
const fetchBodyUsed = /* @__PURE__ */ accessorOf('bodyUsed')

/**
 * Deferring stands in for Fetch's `body`/`bodyUsed` accessors, so it needs them on the prototype, as undici
 * and browsers keep them (happy-dom's `bodyUsed` is an instance field: nothing deferred). Probed once.
 */
let deferrable: boolean | undefined

/** As at load: a test may later stub the global (node-fetch), Node's socket layer proxy it (a trap per `instanceof`). */
export const HeldResponse = Response

function accessorOf(name: 'body' | 'bodyUsed'): (() => unknown) | undefined {
  return Object.getOwnPropertyDescriptor(Response.prototype, name)?.get
}

function probeDeferrable(): boolean {
  if (fetchBody === undefined || fetchBodyUsed === undefined) return false
  const probe = new HeldResponse(null)
  return !Object.prototype.hasOwnProperty.call(probe, 'body') && !Object.prototype.hasOwnProperty.call(probe, 'bodyUsed')
}

const unusable = (): Promise<never> => Promise.reject(new TypeError('Body is unusable: Body has already been read'))

/**
 * A Fetch `Response` whose string body becomes a stream only when something asks for it: the stream is most
 * of the cost of a small mocked answer, and most never need one (`text()`, `json()`… read the string, the
 * Node sources write it as it is). Everything else behaves as Fetch's, "body already read" errors included.
 */
export class DeferredBodyResponse extends Response {
  readonly #text: string | undefined
  /** A reader took the text directly. */
  #read = false
  /** The body as a stream, once one was needed. */
  #held: Response | undefined

  /**
   * @param hasContentType `init.headers` has a helper's content type. Without it, only a body without headers
   *   is deferred: setting one later would lose repeated headers such as Set-Cookie in the socket layer.
   */
  constructor(body: ConstructorParameters<typeof Response>[0], init: ResponseInit, hasContentType = false) {
    const deferred =
      typeof body === 'string' && (hasContentType || init.headers === undefined) && !NULL_BODY_STATUSES.has(init.status ?? 200) && (deferrable ??= probeDeferrable())
    super(deferred ? null : body, deferred && !hasContentType ? { status: init.status, statusText: init.statusText, headers: TEXT_PLAIN } : init)
    if (deferred) this.#text = body
  }

  /** The string body while nothing has read it nor made its stream. */
  get [KNOWN_BODY](): string | undefined {
    return this.#held === undefined && !this.#read ? this.#text : undefined
  }

  #stream(): Response {
    if (this.#held === undefined) {
      const held = new HeldResponse(this.#text!)
      // A read body's stream is disturbed and locked.
      if (this.#read) void held.text()
      this.#held = held
    }
    return this.#held
  }

  /** Never throws: a failing `direct` rejects, as Fetch's reads. */
  #readWhole<T>(direct: (text: string) => T, viaStream: (held: Response) => Promise<T>): Promise<T> {
    if (this.#held !== undefined) return viaStream(this.#held)
    if (this.#read) return unusable()
    this.#read = true
    const text = this.#text!
    return new Promise((resolve) => resolve(direct(text)))
  }

  static {
    // On the prototype, as Fetch's own (TypeScript declares them as properties, not accessors).
    if (fetchBody !== undefined && fetchBodyUsed !== undefined) {
      Object.defineProperties(DeferredBodyResponse.prototype, {
        body: {
          get(this: DeferredBodyResponse) {
            return this.#text === undefined ? fetchBody.call(this) : this.#stream().body
          },
          configurable: true,
          enumerable: true,
        },
        bodyUsed: {
          get(this: DeferredBodyResponse) {
            if (this.#text === undefined) return fetchBodyUsed.call(this)
            return this.#held === undefined ? this.#read : this.#held.bodyUsed
          },
          configurable: true,
          enumerable: true,
        },
      })
    }
  }

  override text(): Promise<string> {
    return this.#text === undefined ? super.text() : this.#readWhole((body) => body, (held) => held.text())
  }

  override json(): Promise<any> {
    return this.#text === undefined ? super.json() : this.#readWhole((body) => JSON.parse(body), (held) => held.json())
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.#text === undefined ? super.arrayBuffer() : this.#readWhole((body) => encoder.encode(body).buffer, (held) => held.arrayBuffer())
  }

  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#text === undefined ? super.bytes() : this.#readWhole((body) => encoder.encode(body), (held) => held.bytes())
  }

  override blob(): Promise<Blob> {
    return this.#text === undefined ? super.blob() : (this.#typed()?.blob() ?? unusable())
  }

  override formData(): Promise<FormData> {
    return this.#text === undefined ? super.formData() : (this.#typed()?.formData() ?? unusable())
  }

  /** The stream under this response's current headers (blob type, form encoding); `undefined` once read. */
  #typed(): Response | undefined {
    const held = this.#stream()
    return held.bodyUsed ? undefined : new Response(held.body, { headers: this.headers })
  }

  override clone(): Response {
    const text = this.#text
    if (text === undefined) return super.clone()
    const init = { status: this.status, statusText: this.statusText, headers: this.headers }
    const untouched = this.#held === undefined
    if (untouched && this.#read) throw new TypeError('Response.clone: Body has already been consumed.')
    // A string body would put back a removed content type: then the copy streams.
    if (untouched && this.headers.has('content-type')) return new DeferredBodyResponse(text, init, true)
    return new Response(this.#stream().clone().body, init)
  }
}
