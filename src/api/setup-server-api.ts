import { message, type AnswerProblem, type Handler, type LifecycleEvents, type Source } from '../kernel/index.js'
import { createRuntimeStack, type RuntimeStack } from '../kernel/runtime-stack.js'
import { sourcesForInterceptors, type InterceptorLike } from '../kernel/node/index.js'
import type { MockAssertions, RecordOptions } from '../dsl/index.js'
import type { NodeRecording } from '../dsl/record/write-har.js'
import { assertHandlers, type HandlerManagement } from './handler-management.js'
import { createServer, type ListenOptions } from './setup-server.js'

/**
 * The Node runtime returned by `setupServer` (and made by `new SetupServerApi()`).
 *
 * @example
 * const server = setupServer(...handlers)
 * beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
 * afterEach(() => server.resetHandlers())
 * afterAll(() => server.close())
 */
export interface SetupServerApi extends HandlerManagement, MockAssertions {
  /**
   * Starts intercepting global fetch, node:http/https, undici and axios.
   * Several servers may listen at once: a request goes to the server that
   * started listening last first, then on to the older ones while none of
   * their handlers answers; the newest server's `onUnhandledRequest` applies.
   * Throws when this server already listens.
   */
  listen(options?: ListenOptions): void
  /**
   * Stops this server; the other listening servers go on as before. The
   * clients are restored when the last server closes. Harmless when not listening.
   */
  close(): void
  /**
   * Wraps `callback` so that each call runs in its own boundary: handler
   * changes made inside (`use`, `resetHandlers`) are seen only by that call and
   * the code it starts. Arguments and the return value pass through.
   *
   * @example
   * it('shows an error', server.boundary(async () => {
   *   server.use(http.get('/user', () => HttpResponse.error()))
   * }))
   */
  boundary<Callback extends (...args: Array<any>) => unknown>(callback: Callback): (...args: Parameters<Callback>) => ReturnType<Callback>
  /** Lifecycle events; none fires after `close()`. */
  readonly events: LifecycleEvents
  /**
   * Starts recording the exchanges of the current scope (inside a `boundary()`,
   * only its own) as HAR 1.2. By default what the network answered
   * (passthrough, bypass, unhandled requests let through); `{ include: 'all' }`
   * adds mocked answers. Secrets in headers are redacted (see `RecordOptions`).
   *
   * @example
   * const recording = server.record()
   * await fetch('https://api.example.com/users') // a passthrough
   * await recording.save('fixtures/users.har')
   */
  record(options?: RecordOptions): NodeRecording
  /**
   * The contract violations found so far in this scope (inside a `boundary()`, only its own); empty without `listen({ contract })`.
   * Name the type of the contract you gave `listen()` to read its fields.
   *
   * @example
   * const [first] = server.contractViolations<ContractViolation>() // ContractViolation from 'mocklib/openapi'
   * first?.pointer
   */
  contractViolations<Violation extends AnswerProblem = AnswerProblem>(): readonly Violation[]
  /**
   * Throws an error listing this scope's contract violations, if any (like `assertDone()`).
   *
   * @example
   * afterEach(() => server.assertContract())
   */
  assertContract(): void
}

/**
 * msw's class form of the Node runtime, for its custom-interceptors recipe:
 * `new SetupServerApi(handlers, interceptors)` intercepts only the mechanisms
 * whose `@mswjs/interceptors` classes are given (a `ClientRequestInterceptor`
 * alone: node:http/https, not global fetch). mocklib does not apply those
 * interceptors; it starts its own code for the same mechanisms, so answers,
 * events and `onUnhandledRequest` behave exactly as with `setupServer()`.
 * Without `interceptors` it is `setupServer(...handlers)`.
 *
 * Known: `ClientRequestInterceptor`, `FetchInterceptor` (global fetch),
 * `XMLHttpRequestInterceptor`, `WebSocketInterceptor` (global WebSocket and
 * `ws` clients) and `HttpRequestInterceptor` (every HTTP client); any other
 * interceptor throws a `[mocklib]` error that names it. A server with its
 * own interceptors is not chained with `setupServer()` servers: listen with
 * one kind at a time.
 *
 * @example
 * import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
 * import { SetupServerApi } from 'mocklib/node'
 *
 * const server = new SetupServerApi([http.get('https://api.example.com/user', () => HttpResponse.json({ id: 1 }))], [new ClientRequestInterceptor()])
 * server.listen() // http.get() is answered; fetch() goes to the network
 */
export class SetupServerApi {
  constructor(handlers: readonly Handler[], interceptors?: readonly InterceptorLike[]) {
    if (!Array.isArray(handlers)) throw new TypeError(message(`new SetupServerApi() takes the handlers as an array (got ${typeof handlers}).`, 'Write new SetupServerApi([handler1, handler2], interceptors), or setupServer(handler1, handler2).'))
    assertHandlers(handlers, 'new SetupServerApi()')
    // Read now, so that an interceptor mocklib does not know fails here rather than at listen().
    const sources = interceptors === undefined ? undefined : sourcesForInterceptors(interceptors, 'new SetupServerApi()')
    const server = sources === undefined ? createServer(handlers) : createServer(handlers, stackFor(sources))
    servers.set(this, server)
    defineMethods(server)
  }
}

/** The runtime behind each instance. */
const servers = new WeakMap<SetupServerApi, SetupServerApi>()

/**
 * Puts the server's methods (and `events`) on the prototype, forwarding to
 * the instance's runtime: a subclass may then override `listen()` and the rest
 * and call `super.listen()`, as with msw's class.
 */
function defineMethods(sample: object): void {
  const prototype = SetupServerApi.prototype
  if (Object.hasOwn(prototype, 'listen')) return
  for (const [name, value] of Object.entries(sample)) {
    if (typeof value !== 'function') continue
    Object.defineProperty(prototype, name, {
      value(this: SetupServerApi, ...args: unknown[]) {
        const server = servers.get(this) as unknown as Record<string, (...args: unknown[]) => unknown>
        return server[name]!(...args)
      },
      writable: true,
      configurable: true,
    })
  }
  Object.defineProperty(prototype, 'events', {
    get(this: SetupServerApi) {
      return servers.get(this)!.events
    },
    configurable: true,
  })
}

/** One stack per set of mechanisms, so that servers given the same interceptors listen together, chained as setupServer() servers are. */
const stacks = new Map<string, RuntimeStack>()

function stackFor(sources: readonly Source[]): RuntimeStack {
  const key = sources.map((source) => source.name).join('+')
  let stack = stacks.get(key)
  if (stack === undefined) stacks.set(key, (stack = createRuntimeStack(() => sources)))
  return stack
}
