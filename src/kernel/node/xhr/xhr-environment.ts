import { parseWith } from '../../url-parse.js'
import { nodeAbortController } from '../main-realm.js'
import { NativeRequest } from '../http-layer.js'

/**
 * Lends the DOM test environment what the XMLHttpRequest interceptor needs of
 * it and some versions of jsdom and Vitest's environments lack, each only
 * where it is missing, while the XHR source listens (call it once the
 * interceptor is applied). Returns the function that takes it all back.
 *
 * @example
 * interceptor.apply()
 * const restore = lendEnvironment()
 */
export function lendEnvironment(): () => void {
  const restores = [pairXhrSignals(), lendBlobStream(), lendUrlParsers()]
  return () => {
    for (const restore of restores.reverse()) restore()
  }
}

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
 */
function pairXhrSignals(): () => void {
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
/**
 * The interceptor turns every XHR's `response` into a Fetch `Response` when it
 * loads. With `responseType: 'blob'` (whatwg-fetch sets it) under jsdom that
 * is jsdom's Blob, which has `arrayBuffer()` but no `stream()`: Node 22's
 * Response takes it for a Blob and calls `stream()`, and the throw lands in an
 * event listener as an uncaught exception. Lending jsdom's Blob a `stream()`
 * built on its own `arrayBuffer()` while the XHR source listens avoids it;
 * Blobs that have one (Node's, happy-dom's) are left as they are.
 */
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

/**
 * The interceptor calls `URL.canParse` on every XHR response it makes. jsdom
 * before 22.1 (Vitest 1's jsdom environment, which puts jsdom's `URL` on the
 * global) has no `canParse` nor `parse`, and the XHR then fails. Lending the
 * environment's `URL` the two statics while the XHR source listens avoids it;
 * a `URL` that has them (Node's, newer jsdom's, happy-dom's) is left as it is.
 * The CommonJS build needs none of this (its `URL` is injected).
 */
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
