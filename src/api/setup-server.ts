import { createRuntime, HandlerScope, isPassthrough, message, prepareAnswerChecking, type Handler, type ReportingAnswerCheck, type Source, type TrafficObserver, type UnhandledRequestStrategy } from '../kernel/index.js'
import { createRuntimeStack, type RuntimeStack } from '../kernel/runtime-stack.js'
import { createAsyncScopeStore, createWebSocketSource, documentCookies, hasXmlHttpRequest, interceptNode, xhrSource, type FetchLayer } from '../kernel/node/index.js'
import { interceptWebRuntime, webRuntime } from '../kernel/web-runtimes/index.js'
import { patchEventSource } from './browser/page-event-source.js'
import { cookieJar, hasSetCookies } from '../dsl/index.js'
// Deep paths: the dsl barrel leaves history and recording out, so that browser bundles load them lazily.
import { createMockAssertions } from '../dsl/mock/history/mock-assertions.js'
import { recordRuntime } from '../dsl/record/record-runtime.js'
import { withSave } from '../dsl/record/write-har.js'
import { contractAssertions } from './contract-assertions.js'
import { assertHandlers, createHandlerManagement } from './handler-management.js'
import type { SetupServerApi } from './setup-server-api.js'

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

/** Mocked `Set-Cookie` answers go to the cookie jar, as a browser would store them. */
const rememberMockedCookies: TrafficObserver = {
  onHandled(context, _handler, response) {
    if (response.type !== 'error' && hasSetCookies(response) && !isPassthrough(response)) cookieJar.remember(context.url, response)
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

/** Every stack a server listened on: stacks over different sources cannot listen at once. */
const stacksInUse = new Set<RuntimeStack>()

function otherStackListening(stack: RuntimeStack): boolean {
  for (const other of stacksInUse) if (other !== stack && other.runtimes.length > 0) return true
  return false
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
  return createServer(handlers, listening)
}

/**
 * A Node runtime over `stack`: the process's shared one (`setupServer`), or
 * one of a `SetupServerApi` given its own interceptors.
 *
 * @example
 * const server = createServer(handlers, createRuntimeStack(() => [nodeHttpSource]))
 */
export function createServer(handlers: readonly Handler[], stack: RuntimeStack = listening): SetupServerApi {
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
      if (otherStackListening(stack)) {
        throw new Error(message('server.listen() was called while a server that intercepts with other interceptors is listening (a setupServer() server and a new SetupServerApi(handlers, interceptors) one, or two SetupServerApi given different interceptors): both would patch the same clients.', 'Close the other server first, or give both the same interceptors.'))
      }
      stacksInUse.add(stack)
      core.answerChecks.clear()
      contract = options.contract
      if (contract) {
        core.answerChecks.add(contract)
        // What runs the checks loads now, so that the first request normally finds it there.
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
  return server
}
