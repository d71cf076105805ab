import { createRuntime, HandlerScope, isPassthrough, message, type AnswerProblem, type Handler, type ReportingAnswerCheck, type LifecycleEvents, type Source, type TrafficObserver, type UnhandledRequestStrategy } from '../kernel/index.js'
import { createRuntimeStack } from '../kernel/runtime-stack.js'
import { createAsyncScopeStore, createWebSocketSource, documentCookies, hasXmlHttpRequest, interceptNode, xhrSource, type FetchLayer } from '../kernel/node/index.js'
import { interceptWebRuntime, webRuntime } from '../kernel/web-runtimes/index.js'
import { patchEventSource } from './browser/page-event-source.js'
import { cookieJar, type MockAssertions, type RecordOptions } from '../dsl/index.js'
// Deep paths: the dsl barrel leaves history and recording out, so that browser bundles load them lazily.
import { createMockAssertions } from '../dsl/mock/history/mock-assertions.js'
import { recordRuntime } from '../dsl/record/record-runtime.js'
import { withSave, type NodeRecording } from '../dsl/record/write-har.js'
import { prepareAnswerChecking } from '../kernel/answer-checking-on-demand.js'
import { contractAssertions } from './contract-assertions.js'
import { assertHandlers, createHandlerManagement, type HandlerManagement } from './handler-management.js'

/** Options of `server.listen()`. */
export interface ListenOptions {
  /** What to do with requests no handler answers. Default `'warn'`. */
  readonly onUnhandledRequest?: UnhandledRequestStrategy
  /**
   * Checks every mocked answer against a contract (`contract()` of
   * `mocklib/openapi`) before the client gets it (and, under its
   * `checkPassthrough`, what the network answered).
   */
  readonly contract?: ReportingAnswerCheck
}

/**
 * The Node runtime returned by `setupServer`.
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

/** Mocked `Set-Cookie` answers go to the cookie jar, as a browser would store them. */
const rememberMockedCookies: TrafficObserver = {
  onHandled(context, _handler, response) {
    // Node keeps Set-Cookie in the headers of a Response made in script: one look decides.
    if (response.type !== 'error' && response.headers.has('set-cookie') && !isPassthrough(response)) cookieJar.remember(context.url, response)
  },
}

/** The fetch layer used by servers created from now on (tests run both). @internal */
export const serverDefaults: { fetchLayer?: FetchLayer } = {}

/** What intercepts in Node: started once for the process while any server listens (never once per server). */
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

/** The listening servers of this process, newest first, over one set of sources. */
const listening = createRuntimeStack(nodeSources)

/**
 * Creates the Node runtime with `handlers` as its initial handlers. Nothing is
 * intercepted until `listen()`.
 *
 * @example
 * import { setupServer } from 'mocklib/node'
 * const server = setupServer(http.get('/posts', () => HttpResponse.json([])))
 * server.listen()
 */
export function setupServer(...handlers: Handler[]): SetupServerApi {
  assertHandlers(handlers, 'setupServer()')
  const store = createAsyncScopeStore(new HandlerScope(handlers))
  const core = createRuntime({
    store,
    // Its sources are the process's (`listening`), shared with every other server.
    sources: [],
    // Cookies set by earlier mocked responses (as msw), and the page's in a DOM test environment.
    readCookies: (request) =>
      cookieJar.size === 0 && typeof document === 'undefined' ? undefined : Object.assign(cookieJar.cookiesFor(request.url), documentCookies(request)),
  })
  core.observers.add(rememberMockedCookies)
  let contract: ReportingAnswerCheck | undefined

  const server: SetupServerApi = {
    ...createHandlerManagement(store, 'server'),
    ...createMockAssertions(store, core.observers),
    events: core.emitter,
    listen(options = {}) {
      if (core.running) throw new Error(message('server.listen() was called while the server is already listening.', 'Call server.close() first, or listen once (for example in beforeAll).'))
      core.answerChecks.clear()
      contract = options.contract
      if (contract) {
        core.answerChecks.add(contract)
        // What runs the checks loads now, so that the first request normally finds it there.
        prepareAnswerChecking()
      }
      listening.start(core, { onUnhandledRequest: options.onUnhandledRequest ?? 'warn' })
    },
    close() {
      listening.stop(core)
    },
    ...contractAssertions(() => contract, () => store.current()),
    boundary(callback) {
      return (...args) => store.run(store.current().fork(), () => callback(...args)) as ReturnType<typeof callback>
    },
    record(options) {
      return withSave(recordRuntime(core, store.current(), options))
    },
  }
  return server
}
