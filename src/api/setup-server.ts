import {
  createRuntime,
  HandlerScope,
  isPassthrough,
  message,
  prepareAnswerChecking,
  type AnswerProblem,
  type Handler,
  type LifecycleEvents,
  type ReportingAnswerCheck,
  type Source,
  type TrafficObserver,
  type UnhandledRequestStrategy,
} from '../kernel/index.js'
import {
  createAsyncScopeStore,
  createRuntimeStack,
  createWebSocketSource,
  documentCookies,
  hasXmlHttpRequest,
  interceptNode,
  sourcesForInterceptors,
  xhrSource,
  type FetchLayer,
  type InterceptorLike,
  type RuntimeStack,
} from '../kernel/node/index.js'
import { interceptWebRuntime, webRuntime } from '../kernel/web-runtimes/index.js'
import { cookieJar, hasSetCookies, type RecordOptions } from '../dsl/index.js'
import { patchEventSource } from '../dsl/event-source/index.js'
import { createMockAssertions, type MockAssertions } from '../dsl/mock/history/index.js'
import { withSave, type NodeRecording } from '../dsl/node/index.js'
import { recordRuntime } from '../dsl/record/index.js'
import { contractAssertions } from './contract-assertions.js'
import { assertHandlers, createHandlerManagement, type HandlerManagement } from './handler-management.js'

/**
 * Options of `server.listen()`.
 *
 * @example
 * const options: ListenOptions = { onUnhandledRequest: 'error' }
 * beforeAll(() => server.listen(options))
 */
export interface ListenOptions {
  /** What to do with requests no handler answers. Default `'warn'`. */
  readonly onUnhandledRequest?: UnhandledRequestStrategy
  /** Checks the answers against a `contract()` of `mocklib/openapi`. */
  readonly contract?: ReportingAnswerCheck
}

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
  /** Throws when already listening. Several servers may listen: a request tries the newest first. */
  listen(options?: ListenOptions): void
  /** Stops this server (others go on). Harmless twice. */
  close(): void
  /**
   * Handler changes made inside a call of the returned function are seen only by that call and the code it starts.
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
   * Records this scope's exchanges as HAR 1.2 (with `{ include: 'all' }`, the mocked ones too), secrets redacted.
   *
   * @example
   * const recording = server.record()
   * await fetch('https://api.example.com/users') // a passthrough
   * await recording.save('fixtures/users.har')
   */
  record(options?: RecordOptions): NodeRecording
  /**
   * The contract violations found so far in this scope.
   * @example const [first] = server.contractViolations<ContractViolation>() // from 'mocklib/openapi'
   */
  contractViolations<Violation extends AnswerProblem = AnswerProblem>(): readonly Violation[]
  /**
   * Throws an error listing this scope's contract violations, if any.
   * @example afterEach(() => server.assertContract())
   */
  assertContract(): void
}

/** Mocked `Set-Cookie` answers go to the cookie jar, as a browser would store them. */
const rememberMockedCookies: TrafficObserver = {
  onHandled(context, _handler, response) {
    if (response.type !== 'error' && hasSetCookies(response) && !isPassthrough(response)) cookieJar.remember(context.url, response)
  },
}

/** Tests run both fetch layers. @internal */
export const serverDefaults: { fetchLayer?: FetchLayer } = {}

/** Started once for the process while any server listens, never once per server. */
function nodeSources(): Source[] {
  return [
    // Bun and Deno have neither the undici dispatcher nor the socket layer the Node sources rely on.
    { name: 'node-http', start: (sink) => (webRuntime() === undefined ? interceptNode(sink, serverDefaults.fetchLayer) : interceptWebRuntime(sink, { patchEventSource })) },
    // DOM test environments (jsdom, happy-dom): XHR is answered at the XHR level, as in msw.
    { name: 'xhr', start: (sink) => (hasXmlHttpRequest() ? xhrSource().start(sink) : () => {}) },
    // After HTTP: its upgrade patch (for the `ws` client) must sit outside the ClientRequest layer.
    createWebSocketSource(),
  ]
}

const listening = createRuntimeStack(nodeSources)

/**
 * Creates the Node runtime with `handlers` as its initial handlers; nothing is intercepted until `listen()`.
 *
 * @example
 * import { setupServer } from 'mocklib/node'
 * const server = setupServer(http.get('/posts', () => HttpResponse.json([])))
 * server.listen()
 */
export function setupServer(...handlers: Handler[]): SetupServerApi {
  assertHandlers(handlers, 'setupServer()')
  return createServer(handlers, listening)
}

/** Over the process's shared stack (`setupServer`), or that of a `SetupServerApi` given its own interceptors. */
function createServer(handlers: readonly Handler[], stack: RuntimeStack): SetupServerApi {
  const store = createAsyncScopeStore(new HandlerScope(handlers))
  const core = createRuntime({
    store,
    sources: [], // the stack's
    // Cookies set by earlier mocked responses (as msw), and the page's in a DOM test environment.
    readCookies: (request) =>
      cookieJar.size === 0 && typeof document === 'undefined' ? undefined : Object.assign(cookieJar.cookiesFor(request.url), documentCookies(request)),
  })
  core.observers.add(rememberMockedCookies)
  let contract: ReportingAnswerCheck | undefined

  return {
    ...createHandlerManagement(store, 'server'),
    ...createMockAssertions(store, core.observers),
    events: core.emitter,
    listen(options = {}) {
      if (core.running) throw new Error(message('server.listen() was called while the server is already listening.', 'Call server.close() first, or listen once (for example in beforeAll).'))
      // Stacks over different sources cannot listen at once.
      if ([listening, ...stacks.values()].some((other) => other !== stack && other.runtimes.length > 0)) {
        throw new Error(message('server.listen() was called while a server that intercepts with other interceptors is listening (a setupServer() server and a new SetupServerApi(handlers, interceptors) one, or two SetupServerApi given different interceptors): both would patch the same clients.', 'Close the other server first, or give both the same interceptors.'))
      }
      core.answerChecks.clear()
      contract = options.contract
      if (contract) {
        core.answerChecks.add(contract)
        // So that the first request normally finds the checking code loaded.
        prepareAnswerChecking()
      }
      stack.start(core, { onUnhandledRequest: options.onUnhandledRequest ?? 'warn' })
    },
    close() {
      stack.stop(core)
    },
    ...contractAssertions(() => contract, () => store.current()),
    boundary(callback) {
      return (...args) => store.run(store.current().fork(), () => callback(...args)) as ReturnType<typeof callback>
    },
    record(options) {
      return withSave(recordRuntime(core, store.current(), options))
    },
  }
}

/**
 * msw's class form: intercepts only the mechanisms whose `@mswjs/interceptors` classes are given, with mocklib's
 * own code; without `interceptors` it is `setupServer(...handlers)`. Listen with one kind of server at a time.
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
    // An interceptor mocklib does not know fails here rather than at listen().
    const sources = interceptors === undefined ? undefined : sourcesForInterceptors(interceptors, 'new SetupServerApi()')
    const server = createServer(handlers, sources === undefined ? listening : stackFor(sources))
    servers.set(this, server)
    defineMethods(server)
  }
}

const servers = new WeakMap<SetupServerApi, SetupServerApi>()

/** On the prototype, so that a subclass may override `listen()` and call `super.listen()`, as with msw's class. */
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

/** Servers given the same interceptors listen together, chained as setupServer() servers are. */
const stacks = new Map<string, RuntimeStack>()

function stackFor(sources: readonly Source[]): RuntimeStack {
  const key = sources.map((source) => source.name).join('+')
  let stack = stacks.get(key)
  if (stack === undefined) stacks.set(key, (stack = createRuntimeStack(() => sources)))
  return stack
}
