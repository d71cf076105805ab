// Loaded with the first event stream an `sse()` handler answers (see `streamAnswering` in sse.ts),
// not by `import 'mocklib'`.
import { message, reportLateError } from '../../kernel/index.js'
import type { HttpResolverInfo } from '../http/http-types.js'
import { ServerSentEventClient } from './sse-client.js'
import { ServerSentEventServer } from './sse-server.js'
import type { ServerSentEventResolver, StreamHandler } from './sse.js'

const STREAM_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
}

/**
 * Answers an event-stream request of an `sse()` handler: opens the stream,
 * gives its two ends to the resolver, and returns the response at once. An
 * async resolver is not awaited (events it sends after an `await` must stream);
 * if it rejects, the error is reported as a resolver error and the stream errors.
 *
 * @example
 * return answerStream(handler, '/feed', ({ client }) => client.send({ data: 'hi' }), info)
 */
export function answerStream(
  handler: StreamHandler,
  path: string | RegExp,
  resolver: ServerSentEventResolver<any, any>,
  info: HttpResolverInfo<Record<string, string>>,
): Response {
  const { request } = info
  const { client, server, response } = openStream(request)
  const result = resolver(Object.assign(info, { client, server }))
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

function openStream(request: Request): { client: ServerSentEventClient<any>; server: ServerSentEventServer; response: Response } {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({
    start: (started) => {
      controller = started
    },
    // The application stopped reading (cancelled the body or closed its EventSource).
    cancel: () => client.close(),
  })
  const client = new ServerSentEventClient<any>(controller)
  const server = new ServerSentEventServer(request, client)
  // Aborted already (the first stream waits for this module; a resolver may run late): closed at once.
  if (request.signal.aborted) client.close()
  else request.signal.addEventListener('abort', () => client.close(), { once: true })
  return { client, server, response: new Response(body, { status: 200, headers: STREAM_HEADERS }) }
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
}
