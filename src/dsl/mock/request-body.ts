import type { RequestContext } from '../../kernel/index.js'

const READY = Promise.resolve()

/**
 * The body of one request as mocks see it, read once through `context.bodyText()` (shared with the GraphQL reader;
 * the request stays readable for resolvers and the network). `'unavailable'`: already consumed.
 */
export class RequestBody {
  state: 'pending' | 'read' | 'unavailable' = 'pending'
  /** `''` for no body. */
  text = ''
  /** JSON for a JSON body, an object for a form body, else the text; `undefined` for no body. */
  parsed: unknown = undefined
  readonly ready: Promise<void> = READY

  constructor(context: RequestContext) {
    const request = context.request
    if (request.body === null) this.state = 'read'
    else if (request.bodyUsed) this.state = 'unavailable'
    else {
      this.ready = context.bodyText().then(
        (text) => {
          this.text = text
          this.parsed = parseBody(text, request.headers.get('content-type') ?? '')
          this.state = 'read'
        },
        () => {
          this.state = 'unavailable'
        },
      )
    }
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

/** The request's body, read on first use and shared by every mock. */
export function requestBody(context: RequestContext): RequestBody {
  let body = bodies.get(context)
  if (body === undefined) bodies.set(context, (body = new RequestBody(context)))
  return body
}

/** The body if some mock (or the recorder) already started reading it. */
export function peekRequestBody(context: RequestContext): RequestBody | undefined {
  return bodies.get(context)
}
