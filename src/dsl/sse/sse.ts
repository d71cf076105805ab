import { message, reportLateError, type RequestContext } from '../../kernel/index.js'
import { HttpHandler } from '../http/http-handler.js'
import type { HttpResolverInfo, ParamsShape } from '../http/http-types.js'
import type { PathParams } from '../http/path-params.js'
import { openEventStream, type ServerSentEventClient } from './sse-client.js'
import { ServerSentEventServer } from './sse-server.js'
import type { ServerSentEventMap } from './sse-types.js'

/**
 * What an `sse()` resolver receives: the request info of `http.get` plus the stream's two ends.
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
 * Runs once per connection; the stream is answered as soon as it returns (an async resolver is not
 * awaited: if it rejects, the stream errors; a synchronous throw is a 500).
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
 * The `sse` factory: params from a path literal; an explicit event map types `client.send` per event name.
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

type AnyEvents = { message: unknown; [event: string]: unknown }

/**
 * Mocks a Server-Sent Events endpoint (msw's `sse`): a `GET` handler for requests accepting
 * `text/event-stream`, answered with a stream the resolver writes to, wherever `http` handlers work.
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

/** Keeps each request's context, so an error thrown after the stream started reaches that runtime. */
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

function answerStream(handler: StreamHandler, path: string | RegExp, resolver: ServerSentEventResolver<any, any>, info: HttpResolverInfo<Record<string, string>>): Response {
  const { request } = info
  const { client, response } = openEventStream(request.signal, 'text/event-stream')
  const result = resolver(Object.assign(info, { client, server: new ServerSentEventServer(request, client) }))
  if (isPromiseLike(result)) {
    const context = handler.contextOf(request)
    Promise.resolve(result).catch((error: unknown) => {
      console.error(message(`The sse() resolver for "${String(path)}" threw; the stream was errored.`, 'See the error that follows.'), error)
      if (context !== undefined) reportLateError(context.scope, { request, requestId: info.requestId }, error)
      client.error()
    })
  }
  return response
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
}
