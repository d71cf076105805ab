import { isHandler, message, type Handler, type ScopeStore } from '../kernel/index.js'

/** Each acts on the scope of the code that calls it (a boundary inside `server.boundary`, else the root). */
export interface HandlerManagement {
  /**
   * Prepends runtime handlers (overrides) to the current handlers.
   * @example server.use(http.get('/user', () => new HttpResponse(null, { status: 401 })))
   */
  use(...handlers: Handler[]): void
  /**
   * Without arguments, removes the runtime handlers; with handlers, makes them the initial handlers.
   * @example afterEach(() => server.resetHandlers())
   */
  resetHandlers(...nextHandlers: Handler[]): void
  /**
   * Re-arms used-up `once` handlers and restarts generator resolvers.
   * @example server.restoreHandlers()
   */
  restoreHandlers(): void
  /**
   * A frozen snapshot of the current handlers, in the order they are tried.
   * @example server.listHandlers().map((handler) => handler.info.header)
   */
  listHandlers(): readonly Handler[]
}

export function assertHandlers(handlers: readonly unknown[], method: string): asserts handlers is Handler[] {
  handlers.forEach((handler, position) => {
    if (isHandler(handler)) {
      // Registering compiles a lazily compiled matcher, so that no request pays for it.
      void handler.indexKey
      return
    }
    if (Array.isArray(handler)) {
      throw new TypeError(
        message(`${method} got an array as argument ${position + 1}.`, `Spread it instead: ${method.replace('()', '')}(...handlers).`),
      )
    }
    throw new TypeError(
      message(
        `${method} got ${handler === null ? 'null' : typeof handler} as argument ${position + 1}, which is not a request handler.`,
        'Pass handlers made by http.*, graphql.*, ws.*, sse() or mock.*.',
      ),
    )
  })
}

export function createHandlerManagement(store: ScopeStore, owner: string): HandlerManagement {
  return {
    use(...handlers) {
      assertHandlers(handlers, `${owner}.use()`)
      store.current().use(handlers)
    },
    resetHandlers(...nextHandlers) {
      assertHandlers(nextHandlers, `${owner}.resetHandlers()`)
      store.current().reset(nextHandlers)
    },
    restoreHandlers() {
      store.current().restore()
    },
    listHandlers() {
      return Object.freeze([...store.current().list.handlers])
    },
  }
}
