// The Fetch and stream classes the CommonJS build uses, from the test environment when it has them and
// from Node when it does not: Jest's jsdom window has no `Response`, `TextEncoder`…, so `class
// HttpResponse extends Response` would throw at import. tsup injects this module (esbuild `inject`), so
// every free reference to these names, in mocklib and bundled dependencies, reads the exports below; the
// test's globals are never touched. No `node:` import: it stays harmless in a browser bundle.

// One realm for the Fetch group: Node's Request refuses jsdom's AbortSignal and Headers.
const FETCH_GROUP = [
  'Request',
  'Response',
  'Headers',
  'fetch',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
] as const
const OTHERS = ['TextEncoder', 'TextDecoder', 'BroadcastChannel', 'structuredClone', 'setImmediate', 'clearImmediate'] as const
type Name = (typeof FETCH_GROUP)[number] | (typeof OTHERS)[number] | 'URL'
type WebGlobals = Pick<typeof globalThis, Name>

const environment = globalThis as unknown as Partial<WebGlobals>
const fetchGroup: ReadonlySet<string> = new Set<Name>(FETCH_GROUP)
// Also where the environment's classes are not standard (node-fetch 2's, whatwg-fetch's have no
// `Response.json` nor `formData()`); the environment's fetch then runs over XHR or node:http, intercepted.
const fetchFromNode = !hasStandardFetchClasses(environment)

function hasStandardFetchClasses(global: Partial<WebGlobals>): boolean {
  const { Request: request, Response: response } = global
  return typeof response === 'function' && typeof response.json === 'function' && typeof request === 'function' && typeof request.prototype.formData === 'function'
}
// `vm.runInThisContext` runs in Node's main context, not the test's.
const vm = fetchFromNode || OTHERS.some((name) => environment[name] === undefined) ? globalThis.process?.getBuiltinModule?.('node:vm') : undefined
const node = vm?.runInThisContext('globalThis') as Partial<WebGlobals> | undefined

function pick<N extends Name>(name: N): WebGlobals[N] {
  const fromNode = fetchFromNode && fetchGroup.has(name)
  // Outside Node and without the name, the value is undefined: the use fails as it did before.
  return (fromNode ? (node?.[name] ?? environment[name]) : (environment[name] ?? node?.[name])) as WebGlobals[N]
}

// Read at each use: while the socket layer is applied, @mswjs/interceptors wraps the globals and its
// bundled code expects `new Headers(init)` to go through the wrapper (a class fixed at load made the
// test's `new Request(url, { headers })` throw).
export const Request = fetchFromNode ? pick('Request') : live('Request')
export const Response = fetchFromNode ? pick('Response') : live('Response')
export const Headers = fetchFromNode ? pick('Headers') : live('Headers')

// Forwards to the global of that name at the time of use, when it is the same class or a wrapper of it.
function live<N extends 'Request' | 'Response' | 'Headers'>(name: N): WebGlobals[N] {
  const initial = environment[name]
  if (typeof initial !== 'function') return initial as WebGlobals[N]
  // Only a wrapper of the same class is followed (interceptors'); a replacement (node-fetch's, stubbed by a test) is not.
  const current = () => {
    const now = environment[name]
    return (now !== undefined && now.prototype === initial.prototype ? now : initial) as unknown as new (...args: unknown[]) => object
  }
  // The interceptors' wrapper wraps this very stand-in: a call coming back in goes to the class itself.
  let forwarding = false
  const forward = <T>(call: () => T): T => {
    forwarding = true
    try {
      return call()
    } finally {
      forwarding = false
    }
  }
  const standIn = new Proxy(initial as object, {
    construct(_target, args, newTarget) {
      const target = forwarding ? (initial as unknown as new (...args: unknown[]) => object) : current()
      const instanceOf = newTarget === standIn ? target : newTarget
      if (forwarding || target === (initial as unknown)) return Reflect.construct(target, args, instanceOf)
      return forward(() => Reflect.construct(target, args, instanceOf))
    },
    get(_target, key) {
      if (forwarding || key === 'prototype') return Reflect.get(initial, key) as unknown
      return forward(() => Reflect.get(current(), key) as unknown)
    },
  }) as WebGlobals[N]
  return standIn
}

// With the `canParse` and `parse` jsdom before 22 lacks (the interceptors call `URL.canParse`); a Proxy,
// so `url instanceof URL` still holds for the test's URLs.
export const URL = withStaticParsers(environment.URL)

function withStaticParsers(Url: typeof globalThis.URL | undefined): typeof globalThis.URL | undefined {
  if (typeof Url !== 'function' || (typeof Url.canParse === 'function' && typeof Url.parse === 'function')) return Url
  // Written out, not `parseWith` of url-parse.ts: this injected module imports nothing.
  const parse = (input: string | URL, base?: string | URL): URL | null => {
    try {
      return new Url(input, base)
    } catch {
      return null
    }
  }
  const statics: Record<PropertyKey, unknown> = { parse, canParse: (input: string | URL, base?: string | URL) => parse(input, base) !== null }
  return new Proxy(Url, {
    get: (target, key) => (key in statics && typeof Reflect.get(target, key) !== 'function' ? statics[key] : Reflect.get(target, key)),
  })
}

export const AbortController = pick('AbortController')
export const AbortSignal = pick('AbortSignal')
export const ReadableStream = pick('ReadableStream')
export const WritableStream = pick('WritableStream')
export const TransformStream = pick('TransformStream')
export const TextEncoder = pick('TextEncoder')
export const TextDecoder = pick('TextDecoder')
export const BroadcastChannel = pick('BroadcastChannel')
export const structuredClone = pick('structuredClone')
export const setImmediate = pick('setImmediate')
export const clearImmediate = pick('clearImmediate')

// At call time: a test may replace it after import.
export function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<globalThis.Response> {
  // With Node's classes, Node's fetch (or mocklib's patch of it): a polyfill would misread Node's Requests.
  const own = fetchFromNode ? ((privateGlobals.get('fetch')?.value as typeof globalThis.fetch | undefined) ?? node?.fetch) : environment.fetch
  if (!own) throw new TypeError('fetch is not defined')
  return own(input, init)
}

// `globalThis` as the bundled code sees it. Without the environment's Fetch group (jsdom), its names read
// Node's classes and writes stay here: the wrappers may not add globals to the test's window.
const privateGlobals = new Map<PropertyKey, PropertyDescriptor>()
// A fetch of the environment's own (a polyfill) stays the test's: mocklib patches it there, as msw does.
const environmentFetch = typeof environment.fetch === 'function'
const scopedNames: ReadonlySet<string> = new Set([...fetchGroup].filter((name) => !(environmentFetch && name === 'fetch')))
const realGlobal = globalThis
const scopedGlobal: typeof globalThis = !fetchFromNode
  ? realGlobal
  : new Proxy(realGlobal, {
      get(target, property) {
        if (scopedNames.has(property as string)) {
          const own = privateGlobals.get(property)
          return own ? own.value : node?.[property as Name]
        }
        const value = Reflect.get(target, property, target) as unknown
        return value === undefined && (OTHERS as readonly string[]).includes(property as string) ? node?.[property as Name] : value
      },
      set(target, property, value) {
        if (!scopedNames.has(property as string)) return Reflect.set(target, property, value, target)
        privateGlobals.set(property, { value, writable: true, enumerable: true, configurable: true })
        return true
      },
      defineProperty(target, property, descriptor) {
        if (!scopedNames.has(property as string)) return Reflect.defineProperty(target, property, descriptor)
        privateGlobals.set(property, { ...descriptor, configurable: true })
        return true
      },
      deleteProperty(target, property) {
        if (!scopedNames.has(property as string)) return Reflect.deleteProperty(target, property)
        return privateGlobals.delete(property) || true
      },
      has(target, property) {
        return scopedNames.has(property as string) ? node?.[property as Name] !== undefined || privateGlobals.has(property) : Reflect.has(target, property)
      },
      getOwnPropertyDescriptor(target, property) {
        if (!scopedNames.has(property as string)) return Reflect.getOwnPropertyDescriptor(target, property)
        return privateGlobals.get(property)
      },
    })

export { scopedGlobal as globalThis }
