import { parseWith } from '../../url-parse.js'
import { nodeAbortController, requestAcceptsSignalOf } from '../main-realm.js'

/** What the XHR interceptor needs and some jsdom and Vitest environments lack, each only where missing, while listening. */
export function lendEnvironment(): () => void {
  const restores = [pairXhrSignals(), lendBlobStream(), lendUrlParsers()]
  return () => {
    for (const restore of restores.reverse()) restore()
  }
}

// Vitest's jsdom before Vitest 4 pairs jsdom's AbortController with Node's Request, which refuses its
// signal: there, the global one is Node's while an XHR is made and sent, the environment's otherwise.
function pairXhrSignals(): () => void {
  const Controller = requestAcceptsSignalOf(AbortController) ? undefined : nodeAbortController()
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
      // A DOM method needs its own object as `this`.
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
  const define = (value: typeof XMLHttpRequest) => Object.defineProperty(globalThis, 'XMLHttpRequest', { ...Object.getOwnPropertyDescriptor(globalThis, 'XMLHttpRequest'), value })
  define(Wrapped)
  return () => {
    if (globalThis.XMLHttpRequest === Wrapped) define(Interceptors)
  }
}

// With `responseType: 'blob'` (whatwg-fetch) under jsdom, the interceptor gives Node 22's Response
// jsdom's Blob, which has no `stream()`: an uncaught exception in a listener.
function lendBlobStream(): () => void {
  const prototype = (globalThis.Blob as typeof Blob | undefined)?.prototype as Partial<Blob> | undefined
  if (prototype === undefined || typeof prototype.stream === 'function' || typeof prototype.arrayBuffer !== 'function') return () => {}
  const stream = function stream(this: Blob): ReadableStream<Uint8Array> {
    return new ReadableStream<Uint8Array>({
      start: async (controller) => {
        controller.enqueue(new Uint8Array(await this.arrayBuffer()))
        controller.close()
      },
    })
  }
  Object.defineProperty(prototype, 'stream', { value: stream, configurable: true, writable: true })
  return () => {
    if (prototype.stream === stream) delete (prototype as { stream?: unknown }).stream
  }
}

/** The interceptor calls `URL.canParse` on every XHR response; jsdom before 22.1 (Vitest 1) has no `canParse` nor `parse`. */
function lendUrlParsers(): () => void {
  const Url = globalThis.URL as typeof URL | undefined
  if (Url === undefined) return () => {}
  const parse = (input: string, base?: string): URL | null => parseWith(Url, input, base)
  const lent: Array<[string, unknown]> = []
  if (typeof Url.parse !== 'function') lent.push(['parse', parse])
  if (typeof Url.canParse !== 'function') lent.push(['canParse', (input: string, base?: string) => parse(input, base) !== null])
  for (const [name, value] of lent) Object.defineProperty(Url, name, { value, configurable: true, writable: true })
  return () => {
    for (const [name, value] of lent) if ((Url as unknown as Record<string, unknown>)[name] === value) delete (Url as unknown as Record<string, unknown>)[name]
  }
}
