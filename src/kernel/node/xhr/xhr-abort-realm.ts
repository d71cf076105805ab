import { nodeAbortController } from '../main-realm.js'
import { NativeRequest } from '../native-fetch.js'

/**
 * The XMLHttpRequest interceptor builds the Fetch Request of each XHR with a
 * signal from the global AbortController and the Request class of its load.
 * Vitest's jsdom environment before Vitest 4 pairs jsdom's AbortController with
 * Node's Request, which refuses jsdom's signal: every XHR failed ("Expected
 * signal to be an instance of AbortSignal"). Where the two do not go together,
 * the interceptor's XMLHttpRequest class is wrapped so that, while an XHR is
 * made and sent, the global AbortController is Node's; the test's own code sees
 * the environment's at every other time. Returns the function that unwraps it;
 * nothing is wrapped where the globals agree.
 *
 * @example
 * interceptor.apply()
 * const unwrap = pairXhrSignals()
 */
export function pairXhrSignals(): () => void {
  const Controller = signalsRequestRefuses() ? nodeAbortController() : undefined
  const Interceptors = globalThis.XMLHttpRequest
  if (Controller === undefined || typeof Interceptors !== 'function') return () => {}
  const withNodeSignals = <T>(call: () => T): T => {
    const environments = globalThis.AbortController
    globalThis.AbortController = Controller
    try {
      return call()
    } finally {
      globalThis.AbortController = environments
    }
  }
  const Wrapped: typeof XMLHttpRequest = new Proxy(Interceptors, {
    construct(target, args, newTarget): XMLHttpRequest {
      const xhr: XMLHttpRequest = withNodeSignals(() => Reflect.construct(target, args, newTarget === Wrapped ? target : newTarget) as XMLHttpRequest)
      const send = (...sendArgs: Parameters<XMLHttpRequest['send']>) => withNodeSignals(() => xhr.send(...sendArgs))
      // The interceptor's instance, with `send` run under Node's AbortController; its
      // methods bound to it (a DOM method needs its own object as `this`).
      return new Proxy(xhr, {
        get(instance, key) {
          if (key === 'send') return send
          const value = Reflect.get(instance, key, instance) as unknown
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(instance) : value
        },
        set: (instance, key, value) => Reflect.set(instance, key, value, instance),
      })
    },
  })
  // The interceptor defines the global read-only: redefined the same way.
  const define = (value: typeof XMLHttpRequest) => Object.defineProperty(globalThis, 'XMLHttpRequest', { ...Object.getOwnPropertyDescriptor(globalThis, 'XMLHttpRequest'), value })
  define(Wrapped)
  return () => {
    if (globalThis.XMLHttpRequest === Wrapped) define(Interceptors)
  }
}

function signalsRequestRefuses(): boolean {
  try {
    void new NativeRequest('http://signal.invalid/', { signal: new AbortController().signal })
    return false
  } catch {
    return true
  }
}
