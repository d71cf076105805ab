import { message, reportLateError, type RequestContext } from '../../kernel/index.js'
import { HttpHandler } from '../http/http-handler.js'
import type { HttpResolverInfo, ParamsShape } from '../http/http-types.js'
import type { PathParams } from '../http/path-params.js'
import { ServerSentEventClient } from './sse-client.js'
import { ServerSentEventServer } from './sse-server.js'
import type { ServerSentEventMap } from './sse-types.js'

/**
 * What an `sse()` resolver receives: the request info of `http.get` plus the
 * stream's two ends.
 *
 * @example
 * sse('/feed/:topic', ({ client, params, request }) => client.send({ data: params.topic }))
 */
export interface ServerSentEventResolverInfo<EventMap extends ServerSentEventMap, Params> extends HttpResolverInfo<Params> {
  /** The mocked stream the application reads. */
  readonly client: ServerSentEventClient<EventMap>
  /** The real server, reached with `server.connect()`. */
  readonly server: ServerSentEventServer
}

/**
 * An `sse()` resolver. It runs once per connection and the stream is answered
 * as soon as it returns: an async resolver is not awaited, so events it sends
 * after an `await` stream as they are sent (if it rejects, the stream errors;
 * if it throws synchronously, the client gets a 500).
 *
 * @example
 * const resolver: ServerSentEventResolver<{ message: string }, { room: string }> = ({ client, params }) => {
 *   client.send({ data: `welcome to ${params.room}` })
 * }
 */
export type ServerSentEventResolver<EventMap extends ServerSentEventMap, Params> = (
  info: ServerSentEventResolverInfo<EventMap, Params>,
) => unknown

/**
 * The `sse` factory. Params are inferred from a path literal; an explicit
 * event map `sse<{ message: Chat; typing: { user: string } }>(path, …)` types
 * `client.send` per event name (then params are a string record, or the
 * second type argument).
 *
 * @example
 * sse('/chat/:room', ({ params, client }) => client.send({ data: params.room }))
 * sse<{ typing: { user: string } }>('/chat', ({ client }) => client.send({ event: 'typing', data: { user: 'ann' } }))
 */
export interface ServerSentEventHandlerFactory {
  <Path extends string>(path: Path, resolver: ServerSentEventResolver<AnyEvents, PathParams<Path>>): HttpHandler
  <EventMap extends ServerSentEventMap = AnyEvents, Params extends ParamsShape = Record<string, string>>(
    path: string | RegExp,
    resolver: ServerSentEventResolver<EventMap, Params>,
  ): HttpHandler
}

/** Without an event map, any event name and data go (unnamed events are `message`). */
type AnyEvents = { message: unknown; [event: string]: unknown }

/**
 * Mocks a Server-Sent Events endpoint (msw's `sse`): a `GET` handler that
 * takes requests accepting `text/event-stream` and answers a stream the
 * resolver writes to. It works wherever `http` handlers work (fetch,
 * node:http, the socket layer, the Service Worker). The stream ends when the
 * resolver calls `client.close()`/`client.error()` or the client goes away
 * (the request's `signal` aborts).
 *
 * @example
 * import { sse } from 'mocklib'
 * const handler = sse('/notifications', ({ client }) => {
 *   client.send({ data: { id: 1, text: 'hello' } })
 *   client.send({ event: 'ping', id: '2', data: 'pong' })
 *   client.send({ retry: 1000 })
 *   setTimeout(() => client.close(), 10)
 * })
 */
export const sse: ServerSentEventHandlerFactory = (path: string | RegExp, resolver: ServerSentEventResolver<any, any>): HttpHandler => {
  if (typeof resolver !== 'function') {
    throw new TypeError(message(`sse() for "${String(path)}" expects a resolver function as its second argument, but got ${typeof resolver}.`, 'Pass ({ client }) => { client.send({ data }) }.'))
  }
  const handler: StreamHandler = new StreamHandler('GET', path, (info: HttpResolverInfo<Record<string, string>>) => {
    // As msw: only event-stream requests; a plain GET to the same URL falls through.
    if (!(info.request.headers.get('accept') ?? '').includes('text/event-stream')) return undefined
    return answerStream(handler, path, resolver, info)
  })
  return handler
}

/**
 * The `http.get` handler behind `sse()`: it keeps, per request, the context
 * it answered in, so that an error the resolver throws after the stream
 * started can still be reported to the runtime of that request.
 */
class StreamHandler extends HttpHandler {
  readonly #contexts = new WeakMap<Request, RequestContext>()

  override respond(params: Record<string, string>, context: RequestContext): Response | undefined | Promise<Response | undefined> {
    this.#contexts.set(context.request, context)
    return super.respond(params, context)
  }

  contextOf(request: Request): RequestContext | undefined {
    return this.#contexts.get(request)
  }
}

const STREAM_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
}

/**
 * Opens the stream, gives its two ends to the resolver, and returns the
 * response at once: an async resolver is not awaited, since events it sends
 * after an `await` must stream.
 */
function answerStream(handler: StreamHandler, path: string | RegExp, resolver: ServerSentEventResolver<any, any>, info: HttpResolverInfo<Record<string, string>>): Response {
  const { request } = info
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({
    start: (started) => {
      controller = started
    },
    // The application stopped reading (cancelled the body or closed its EventSource).
    cancel: () => client.close(),
  })
  const client = new ServerSentEventClient<any>(controller)
  if (request.signal.aborted) client.close()
  else request.signal.addEventListener('abort', () => client.close(), { once: true })
  const response = new Response(body, { status: 200, headers: STREAM_HEADERS })
  const result = resolver(Object.assign(info, { client, server: new ServerSentEventServer(request, client) }))
  if (isPromiseLike(result)) {
    const context = handler.contextOf(request)
    Promise.resolve(result).catch((error: unknown) => {
      console.error(message(`The sse() resolver for "${String(path)}" threw; the stream was errored.`, 'See the error that follows.'), error)
      // As a resolver error: the runtime emits `unhandledException`.
      if (context !== undefined) reportLateError(context.scope, { request, requestId: info.requestId }, error)
      client.error()
    })
  }
  return response
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
}
