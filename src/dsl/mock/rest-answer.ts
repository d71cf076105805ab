import { message } from '../../kernel/index.js'
import { HttpResponse } from '../response/http-response.js'
import { passthrough } from '../response/real-network.js'

/**
 * What a mock's answer compiles to: the resolver of the plain handler the
 * mock wraps (`http.*`- or `graphql.*`-style), run as those handlers run theirs.
 * @internal
 */
export type MockResolver = (info: any) => unknown

/** `.reply(status, body?, init?)` of a REST mock: a fresh response per request. @internal */
export function statusAnswer(status: unknown, body: unknown, init: ResponseInit | undefined, header: string): MockResolver {
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599) {
    throw new TypeError(
      message(
        `.reply() of mock "${header}" got the status ${typeof status === 'number' ? status : typeof status}.`,
        'Pass an HTTP status from 200 to 599 first (for example .reply(404)), or a resolver function; for a network failure use .networkError().',
      ),
    )
  }
  if (body instanceof ReadableStream) {
    throw new TypeError(
      message(`.reply() of mock "${header}" got a ReadableStream, which can be read only once.`, 'Answer streams from a resolver: .reply(() => new HttpResponse(stream)).'),
    )
  }
  const withStatus: ResponseInit = { ...init, status }
  if (body === undefined || body === null) return () => new HttpResponse(null, withStatus)
  if (typeof body === 'string') return () => HttpResponse.text(body, withStatus)
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body) || body instanceof Blob || body instanceof FormData || body instanceof URLSearchParams) {
    return () => new HttpResponse(body as BodyInit, withStatus)
  }
  const json = JSON.stringify(body)
  const headers = new Headers(init?.headers)
  if (!headers.has('content-type')) headers.set('content-type', 'application/json')
  return () => new HttpResponse(json, { ...withStatus, headers })
}

/** `.reply({ data, errors })` of a GraphQL mock: the body as JSON, status 200. @internal */
export function graphQLBodyAnswer(body: unknown, header: string): MockResolver {
  if (typeof body !== 'object' || body === null || !('data' in body || 'errors' in body)) {
    throw new TypeError(
      message(`.reply() of mock "${header}" expects a GraphQL response body { data, errors?, extensions? } or a resolver function.`, 'For example: .reply({ data: { posts: [] } }).'),
    )
  }
  const json = JSON.stringify(body)
  return () => new HttpResponse(json, { status: 200, headers: { 'content-type': 'application/json' } })
}

/** `.replyWith(response)`: a clone of the same response for every request. @internal */
export function responseAnswer(response: unknown, header: string): MockResolver {
  if (!(response instanceof Response)) {
    throw new TypeError(
      message(`.replyWith() of mock "${header}" got ${response === null ? 'null' : typeof response}, which is not a Response.`, 'Pass a Response, for example HttpResponse.json(data).'),
    )
  }
  if (response.bodyUsed) {
    throw new TypeError(message(`.replyWith() of mock "${header}" got a response whose body was already read.`, 'Pass a fresh response.'))
  }
  if (response.type === 'error') return () => Response.error()
  return () => response.clone()
}

/** `.networkError()`. @internal */
export const networkErrorAnswer: MockResolver = () => Response.error()

/** `.passthrough()`. @internal */
export const passthroughAnswer: MockResolver = () => passthrough()
