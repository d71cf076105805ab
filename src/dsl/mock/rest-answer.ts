import { message } from '../../kernel/index.js'
import type { HttpResolverInfoRuntime } from '../http/http-handler.js'
import { HttpResponse } from '../response/http-response.js'
import { passthrough } from '../response/passthrough.js'
import { reportResetError, ResolverRunner } from '../shared/resolver-runner.js'

/** How a REST mock answers a matched request. @internal */
export interface RestAnswer {
  run(info: HttpResolverInfoRuntime): Response | undefined | Promise<Response | undefined>
  /** Forgets generator progress (`restoreHandlers()`). */
  reset?(): void
}

/** `.reply(status, body?, init?)`: a fresh response per request. @internal */
export function statusAnswer(status: unknown, body: unknown, init: ResponseInit | undefined, header: string): RestAnswer {
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
  if (body === undefined || body === null) return { run: () => new HttpResponse(null, withStatus) }
  if (typeof body === 'string') return { run: () => HttpResponse.text(body, withStatus) }
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body) || body instanceof Blob || body instanceof FormData || body instanceof URLSearchParams) {
    return { run: () => new HttpResponse(body as BodyInit, withStatus) }
  }
  const json = JSON.stringify(body)
  const headers = new Headers(init?.headers)
  if (!headers.has('content-type')) headers.set('content-type', 'application/json')
  return { run: () => new HttpResponse(json, { ...withStatus, headers }) }
}

/** `.reply(resolver)`: runs the resolver as an `http.*` handler would. @internal */
export function resolverAnswer(resolver: unknown, header: string): RestAnswer {
  const runner = new ResolverRunner(resolver as (info: HttpResolverInfoRuntime) => unknown, header)
  return { run: (info) => runner.run(info), reset: () => void runner.reset().catch(reportResetError) }
}

/** `.replyWith(response)`: a clone of the same response for every request. @internal */
export function responseAnswer(response: unknown, header: string): RestAnswer {
  if (!(response instanceof Response)) {
    throw new TypeError(
      message(`.replyWith() of mock "${header}" got ${response === null ? 'null' : typeof response}, which is not a Response.`, 'Pass a Response, for example HttpResponse.json(data).'),
    )
  }
  if (response.bodyUsed) {
    throw new TypeError(message(`.replyWith() of mock "${header}" got a response whose body was already read.`, 'Pass a fresh response.'))
  }
  if (response.type === 'error') return { run: () => Response.error() }
  return { run: () => response.clone() }
}

/** `.networkError()`. @internal */
export const networkErrorAnswer: RestAnswer = { run: () => Response.error() }

/** `.passthrough()`. @internal */
export const passthroughAnswer: RestAnswer = { run: () => passthrough() }
