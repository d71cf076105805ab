import type { ServedOutcome } from '../../kernel/node/served/index.js'

export type { ServedOutcome }

/**
 * A request or response body as the journal keeps it.
 *
 * @example
 * const body: ServedBody | undefined = server.history()[0]?.request.body
 * if (body?.encoding !== 'base64') console.log(body?.text)
 */
export interface ServedBody {
  /** The body as text, or base64 for binary content; at most 64 KiB of it. */
  readonly text: string
  /** `'base64'` when the body is no UTF-8 text (an image, a binary file). */
  readonly encoding?: 'base64'
  /** The body was longer than what is kept. */
  readonly truncated?: boolean
  /** Bytes read (at most the limit plus one chunk). */
  readonly size: number
}

/**
 * One request the mock server received, as `server.history()` and `GET /__mocklib/api/requests` list it.
 *
 * @example
 * const [first] = server.history()
 * first?.handler // 'GET /users'
 */
export interface ServedRequest {
  /** The request's id, as in lifecycle events. */
  readonly id: string
  /** Upper case, as received. */
  readonly method: string
  /** The URL handlers matched (see the origin rule in the README). */
  readonly url: string
  /** `Date.now()` when the request arrived. */
  readonly startedAt: number
  /** Milliseconds until the head of the answer was written. */
  readonly durationMs: number
  /** The status written; 0 when the socket was destroyed (`HttpResponse.error()`). */
  readonly status: number
  /** `'passthrough'` is proxied, `'unhandled'` got 404 or was proxied, `'preflight'` is CORS, `'refused'` got 413. */
  readonly outcome: ServedOutcome
  /** The handler that answered, and where it was written (`file:line`; else where it was given to the server). */
  readonly handler?: { readonly kind: string; readonly header: string; readonly source?: string }
  /** Why the request failed (`outcome: 'failed'`). */
  readonly failure?: string
  /** The request as received: headers (names lower case, in order) and body. */
  readonly request: { readonly headers: readonly (readonly [string, string])[]; body?: ServedBody }
  /** The answer as written: headers and body (read after the head was written; absent until then). */
  readonly response: { readonly headers: readonly (readonly [string, string])[]; body?: ServedBody }
}
