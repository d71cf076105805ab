import { KNOWN_BODY } from '../../kernel/known-body.js'

/** Statuses a Response may not have a body with (the constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

/** The content type Fetch gives a string body that comes without one. */
const TEXT_PLAIN: Readonly<Record<string, string>> = /* @__PURE__ */ Object.freeze({ 'content-type': 'text/plain;charset=UTF-8' })

const encoder = /* @__PURE__ */ new TextEncoder()

// Fetch's own getters (undici, browsers), for responses whose body was not deferred.
const fetchBody = /* @__PURE__ */ accessorOf('body')
const fetchBodyUsed = /* @__PURE__ */ accessorOf('bodyUsed')

/**
 * Deferring stands in for Fetch's `body`/`bodyUsed` accessors, so it needs them
 * where undici and browsers keep them: on the prototype, and not shadowed on
 * instances. A DOM test environment may bring a Response of its own that keeps
 * them elsewhere (happy-dom's `bodyUsed` is an instance field): its bodies are
 * given to it as they are. Probed on the first string body.
 */
let deferrable: boolean | undefined

/** Response as it was at load: a test may stub the global with node-fetch's after that. */
const HeldResponse = Response

function accessorOf(name: 'body' | 'bodyUsed'): (() => unknown) | undefined {
  return Object.getOwnPropertyDescriptor(Response.prototype, name)?.get
}

function probeDeferrable(): boolean {
  if (fetchBody === undefined || fetchBodyUsed === undefined) return false
  const probe = new HeldResponse(null)
  return !Object.prototype.hasOwnProperty.call(probe, 'body') && !Object.prototype.hasOwnProperty.call(probe, 'bodyUsed')
}

let bodyOf: (response: DeferredBodyResponse) => ReadableStream<Uint8Array> | null
let bodyUsedOf: (response: DeferredBodyResponse) => boolean

const unusable = (): Promise<never> => Promise.reject(new TypeError('Body is unusable: Body has already been read'))

/**
 * A Fetch `Response` whose string body becomes a stream only when something
 * asks for the stream. Making the stream is most of the cost of a small mocked
 * answer, and most answers never need one: `text()`, `json()`,
 * `arrayBuffer()` and `bytes()` read the string itself, and mocklib's Node
 * sources write it to the client directly (see `knownBodyOf`). `body`,
 * `blob()`, `formData()` and `clone()` after a stream was made behave exactly
 * as Fetch's, on a Response that holds the same body; `bodyUsed` and "body
 * already read" errors are Fetch's own. Any other body is given to Fetch as it is.
 */
export class DeferredBodyResponse extends Response {
  /** The string body, when it was given as one (and the status allows a body). */
  readonly #text: string | undefined
  /** A reader took the text directly. */
  #read = false
  /** The Response holding the body as a stream, once one was needed. */
  #held: Response | undefined

  /**
   * @param hasContentType `init.headers` has a content type (a helper's): the
   *   string body can be deferred. Without it, only when `init` has no headers
   *   (the content type Fetch would add is given to the constructor instead):
   *   headers are never changed after construction (the socket layer's header
   *   bookkeeping loses repeated headers such as Set-Cookie on a later `set`).
   */
  constructor(body: ConstructorParameters<typeof Response>[0], init: ResponseInit, hasContentType = false) {
    const deferred =
      typeof body === 'string' && (hasContentType || init.headers === undefined) && !NULL_BODY_STATUSES.has(init.status ?? 200) && (deferrable ??= probeDeferrable())
    super(deferred ? null : body, deferred && !hasContentType ? { status: init.status, statusText: init.statusText, headers: TEXT_PLAIN } : init)
    if (!deferred) return
    this.#text = body
  }

  /** The string body while nothing has read it nor made its stream: a writer may send it as it is. */
  get [KNOWN_BODY](): string | undefined {
    return this.#held === undefined && !this.#read ? this.#text : undefined
  }

  /** The Response holding the body as a stream: made on first need, in the state the reads so far left it. */
  #stream(text: string): Response {
    if (this.#held === undefined) {
      const held = new HeldResponse(text)
      // Read already: a read body's stream is disturbed and locked.
      if (this.#read) void held.text()
      this.#held = held
    }
    return this.#held
  }

  /** The text for a direct read (marks the body read), or `undefined` when the read must go to a stream. */
  #take(): string | undefined {
    if (this.#held !== undefined || this.#read) return undefined
    this.#read = true
    return this.#text
  }

  /**
   * A whole-body read: of the string itself while nothing else has read it or
   * made its stream; else through the stream, as Fetch reads (refused once the
   * string was read). Never throws: a failing `direct` rejects, as Fetch's reads do.
   */
  #readWhole<T>(text: string, direct: (text: string) => T, viaStream: (held: Response) => Promise<T>): Promise<T> {
    if (this.#take() !== undefined) return new Promise((resolve) => resolve(direct(text)))
    return this.#read && this.#held === undefined ? unusable() : viaStream(this.#stream(text))
  }

  static {
    // Module-private access to the fields for the prototype's accessors below (no public static).
    bodyOf = (response) => {
      const text = response.#text
      return text === undefined ? (fetchBody!.call(response) as ReadableStream<Uint8Array> | null) : response.#stream(text).body
    }
    bodyUsedOf = (response) => {
      if (response.#text === undefined) return fetchBodyUsed!.call(response) as boolean
      return response.#held === undefined ? response.#read : response.#held.bodyUsed
    }
  }

  override text(): Promise<string> {
    const text = this.#text
    return text === undefined ? super.text() : this.#readWhole(text, (body) => body, (held) => held.text())
  }

  override json(): Promise<any> {
    const text = this.#text
    return text === undefined ? super.json() : this.#readWhole(text, (body) => JSON.parse(body), (held) => held.json())
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    const text = this.#text
    return text === undefined ? super.arrayBuffer() : this.#readWhole(text, (body) => encoder.encode(body).buffer, (held) => held.arrayBuffer())
  }

  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    const text = this.#text
    return text === undefined ? super.bytes() : this.#readWhole(text, (body) => encoder.encode(body), (held) => held.bytes())
  }

  override blob(): Promise<Blob> {
    const text = this.#text
    return text === undefined ? super.blob() : this.#typed(text)?.blob() ?? unusable()
  }

  override formData(): Promise<FormData> {
    const text = this.#text
    return text === undefined ? super.formData() : this.#typed(text)?.formData() ?? unusable()
  }

  /** The body stream under this response's current headers (the blob type, the form's encoding); `undefined` once read. */
  #typed(text: string): Response | undefined {
    const held = this.#stream(text)
    return held.bodyUsed ? undefined : new Response(held.body, { headers: this.headers })
  }

  override clone(): Response {
    const text = this.#text
    if (text === undefined) return super.clone()
    const init = { status: this.status, statusText: this.statusText, headers: this.headers }
    const untouched = this.#held === undefined
    if (untouched && this.#read) throw new TypeError('Response.clone: Body has already been consumed.')
    // Still a string: so is the copy's body (unless its content type was removed, which a string body would put back).
    if (untouched && this.headers.has('content-type')) return new DeferredBodyResponse(text, init, true)
    return new Response(this.#stream(text).clone().body, init)
  }
}

// Accessors on the prototype, as Fetch's own (TypeScript declares `body` and `bodyUsed` as properties);
// only where Fetch has them there (else nothing is ever deferred).
if (fetchBody !== undefined && fetchBodyUsed !== undefined) Object.defineProperties(DeferredBodyResponse.prototype, {
  body: {
    get(this: DeferredBodyResponse) {
      return bodyOf(this)
    },
    configurable: true,
    enumerable: true,
  },
  bodyUsed: {
    get(this: DeferredBodyResponse) {
      return bodyUsedOf(this)
    },
    configurable: true,
    enumerable: true,
  },
})
