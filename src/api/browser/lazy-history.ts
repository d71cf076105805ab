import { message, type HandlerScope, type Runtime } from '../../kernel/index.js'
import { createHar, type MockAssertions, type PendingMock, type RecordOptions, type Recording } from '../../dsl/index.js'

type HistoryModule = Pick<typeof import('./on-start.js'), 'createMockAssertions' | 'recordRuntime'>

/** Told apart without loading the mock classes. */
function isExpectation(handler: unknown): handler is PendingMock {
  const candidate = handler as { isDone?: unknown; diagnose?: unknown; expected?: unknown }
  return typeof candidate.isDone === 'function' && (typeof candidate.diagnose === 'function' || candidate.expected === true)
}

function pendingOf(scope: HandlerScope): PendingMock[] {
  return scope.list.handlers.filter((handler): handler is PendingMock => isExpectation(handler) && !handler.isDone())
}

/**
 * History, assertions and `record()` for `setupWorker`, usable before their code loads: until `ready` (which
 * `start()` waits for) there is no traffic, so the methods answer from the handler list alone.
 */
export function lazyHistory(core: Runtime, load: () => Promise<HistoryModule>, reportsArrived: () => Promise<void> | undefined) {
  const { store } = core
  let loaded: MockAssertions | undefined
  let module: HistoryModule | undefined
  const ready = load().then((history) => {
    module = history
    loaded = history.createMockAssertions(store, core.observers)
  })
  // A page that never starts mocking must not see an unhandled rejection; start() reports the failure.
  ready.catch(() => undefined)

  const assertions: MockAssertions = {
    pendingMocks: () => (loaded ? loaded.pendingMocks() : Object.freeze(pendingOf(store.current()))),
    assertDone() {
      if (loaded) return loaded.assertDone()
      const pending = pendingOf(store.current())
      if (pending.length === 0) return
      const list = pending.map((mock) => `  • ${mock.info.header}`).join('\n')
      throw new Error(message(`${pending.length} mock(s) not done, and no request was made yet (mocking has not started):\n${list}`, 'Start the worker (`await worker.start()`) and make the requests these mocks expect.'))
    },
    unhandledRequests: () => (loaded ? loaded.unhandledRequests() : Object.freeze([])),
    webSocketConnections: () => (loaded ? loaded.webSocketConnections() : Object.freeze([])),
    assertNoUnhandledRequests: () => loaded?.assertNoUnhandledRequests(),
    clearHistory: () => loaded?.clearHistory(),
  }

  function record(options?: RecordOptions): Recording {
    const scope = store.current()
    if (module) return module.recordRuntime(core, scope, options, reportsArrived)
    // Nothing can have been intercepted before the code loaded: recording starts when it loads.
    let inner: Recording | undefined
    let stopped = false
    const started = ready.then(() => {
      if (!stopped) inner = module!.recordRuntime(core, scope, options, reportsArrived)
    })
    return {
      get size() {
        return inner?.size ?? 0
      },
      settled: async () => {
        await started
        await inner?.settled()
      },
      stop() {
        stopped = true
        return inner ? inner.stop() : createHar([])
      },
    }
  }

  return { ready, assertions, record }
}
