import type { RequestContext } from '../../kernel/index.js'

/**
 * The body of one request as mocks see it, read once per request through
 * `context.bodyText()` (shared with the GraphQL reader; the request stays
 * readable for resolvers and the network).
 *
 * `state` is `'pending'` while reading, `'read'` once `text`/`parsed` are set,
 * and `'unavailable'` when the body had already been consumed.
 */
export class RequestBody {
  state: 'pending' | 'read' | 'unavailable' = 'pending'
  /** The body as text (`''` for no body). */
  text = ''
  /** JSON for a JSON body, an object for a form body, else the text; `undefined` for no body. */
  parsed: unknown = undefined
  readonly ready: Promise<void>

  constructor(context: RequestContext) {
    const request = context.request
    if (request.body === null) {
      this.state = 'read'
      this.ready = Promise.resolve()
    } else if (request.bodyUsed) {
      this.state = 'unavailable'
      this.ready = Promise.resolve()
    } else {
      this.ready = context.bodyText().then(
        (text) => this.#accept(text, request.headers.get('content-type') ?? ''),
        () => {
          this.state = 'unavailable'
        },
      )
    }
  }

  #accept(text: string, contentType: string): void {
    this.text = text
    this.parsed = parseBody(text, contentType)
    this.state = 'read'
  }
}

function parseBody(text: string, contentType: string): unknown {
  if (text === '') return undefined
  if (contentType.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text))
  const first = text.trimStart()[0]
  if (contentType.includes('json') || first === '{' || first === '[' || first === '"') {
    try {
      return JSON.parse(text) as unknown
    } catch {
      return text
    }
  }
  return text
}

const bodies = new WeakMap<RequestContext, RequestBody>()

/** The request's body snapshot, started on first use and shared by every mock. @internal */
export function requestBody(context: RequestContext): RequestBody {
  let body = bodies.get(context)
  if (body === undefined) bodies.set(context, (body = new RequestBody(context)))
  return body
}

/** The snapshot if some mock (or the recorder) already started reading it. @internal */
export function peekRequestBody(context: RequestContext): RequestBody | undefined {
  return bodies.get(context)
}
