// The Fetch and stream classes the CommonJS build uses, taken from the test
// environment when it has them and from Node itself when it does not.
//
// Jest's jsdom environment runs each test file in a context whose global object is
// jsdom's window: it has no `Response`, `Request`, `TextEncoder`, `ReadableStream`,
// `BroadcastChannel`, `setImmediate`… so `class HttpResponse extends Response` would
// throw at import. tsup injects this module into the CommonJS build (esbuild
// `inject`), which turns every free reference to the exported names, in mocklib and
// in the dependencies bundled with it (@mswjs/interceptors), into a reference to
// the exports below. The test's own globals are never touched.
//
// Node's own classes are read from Node's main context (`vm.runInThisContext`
// runs in it, not in the test's context), through `process.getBuiltinModule`, so
// that this module has no `node:` import and stays harmless in a browser bundle.

type WebGlobals = Pick<
  typeof globalThis,
  | 'Request'
  | 'Response'
  | 'Headers'
  | 'fetch'
  | 'AbortController'
  | 'AbortSignal'
  | 'ReadableStream'
  | 'WritableStream'
  | 'TransformStream'
  | 'TextEncoder'
  | 'TextDecoder'
  | 'BroadcastChannel'
  | 'structuredClone'
  | 'setImmediate'
  | 'clearImmediate'
  | 'URL'
>
type Name = keyof WebGlobals

/** Node's main-context global object, or undefined outside Node. */
function nodeMainGlobal(): Partial<WebGlobals> | undefined {
  const vm = globalThis.process?.getBuiltinModule?.('node:vm')
  return vm?.runInThisContext('globalThis') as Partial<WebGlobals> | undefined
}

const environment = globalThis as unknown as Partial<WebGlobals>
// One realm for the Fetch group: a Node Request needs a Node AbortSignal, Node
// Headers and a Node ReadableStream (jsdom has its own AbortSignal and Headers,
// which Node's Request refuses), so when the environment lacks Response, the whole
// group is Node's.
const fetchGroup: ReadonlySet<string> = new Set<Name>([
  'Request',
  'Response',
  'Headers',
  'fetch',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
])
// So is it where the environment's Fetch classes are not the standard ones:
// node-fetch 2's (cross-fetch's polyfill) and whatwg-fetch's have no
// `Response.json` and no `formData()`, and a node-fetch Request's `signal` may be
// null; mocklib builds its Requests and Responses with them. The environment's
// fetch then runs its own code, over XMLHttpRequest or node:http, which
// mocklib intercepts.
const fetchFromNode = !hasStandardFetchClasses(environment)

function hasStandardFetchClasses(global: Partial<WebGlobals>): boolean {
  const { Request: request, Response: response } = global
  return typeof response === 'function' && typeof response.json === 'function' && typeof request === 'function' && typeof request.prototype.formData === 'function'
}
const others: ReadonlyArray<Name> = ['TextEncoder', 'TextDecoder', 'BroadcastChannel', 'structuredClone', 'setImmediate', 'clearImmediate']
const node = fetchFromNode || others.some((name) => environment[name] === undefined) ? nodeMainGlobal() : undefined

function pick<N extends Name>(name: N): WebGlobals[N] {
  const fromNode = fetchFromNode && fetchGroup.has(name)
  // Outside Node and without the name, the value is undefined: the use fails as it did before.
  return (fromNode ? (node?.[name] ?? environment[name]) : (environment[name] ?? node?.[name])) as WebGlobals[N]
}

// The environment's own Request, Response and Headers are read at each use, not
// once: while the socket layer is applied, @mswjs/interceptors replaces the globals
// with wrappers that record raw header names, and its own code (bundled here)
// expects `new Headers(init)` to go through that wrapper. A class fixed at load
// made every `new Request(url, { headers })` of the test throw once the layer was
// loaded (Jest's node and jsdom-with-fetch environments).
export const Request = fetchFromNode ? pick('Request') : live('Request')
export const Response = fetchFromNode ? pick('Response') : live('Response')
export const Headers = fetchFromNode ? pick('Headers') : live('Headers')
/**
 * A stand-in for the environment's class `name` that forwards construction and
 * static members to the global of that name at the time of use, when it is
 * the same class or a wrapper of it.
 */
function live<N extends 'Request' | 'Response' | 'Headers'>(name: N): WebGlobals[N] {
  const initial = environment[name]
  if (typeof initial !== 'function') return initial as WebGlobals[N]
  // Only a wrapper of the same class is followed (interceptors'); a replacement (node-fetch's, stubbed by a test) is not.
  const current = () => {
    const now = environment[name]
    return (now !== undefined && now.prototype === initial.prototype ? now : initial) as unknown as new (...args: unknown[]) => object
  }
  // The wrapper the interceptors install wraps this very stand-in: while a call is
  // forwarded, a call coming back in goes to the class itself.
  let forwarding = false
  const standIn = new Proxy(initial as object, {
    construct(_target, args, newTarget) {
      const target = forwarding ? (initial as unknown as new (...args: unknown[]) => object) : current()
      const instanceOf = newTarget === standIn ? target : newTarget
      if (forwarding || target === (initial as unknown)) return Reflect.construct(target, args, instanceOf)
      forwarding = true
      try {
        return Reflect.construct(target, args, instanceOf)
      } finally {
        forwarding = false
      }
    },
    get(_target, key) {
      if (forwarding || key === 'prototype') return Reflect.get(initial, key) as unknown
      forwarding = true
      try {
        return Reflect.get(current(), key) as unknown
      } finally {
        forwarding = false
      }
    },
  }) as WebGlobals[N]
  return standIn
}

/**
 * The environment's URL, with the static `canParse` and `parse` that jsdom
 * before 22 (Jest 27-29's jsdom environment) lacks: @mswjs/interceptors,
 * bundled here, calls `URL.canParse` on every XHR response. A Proxy rather
 * than a subclass, so `url instanceof URL` still holds for the test's URLs.
 */
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

/**
 * The environment's `fetch` at call time (a test may replace it after import),
 * or Node's own when mocklib uses Node's classes.
 */
export function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<globalThis.Response> {
  // With Node's classes, Node's fetch (or mocklib's patch of it): a polyfill would misread Node's Requests.
  const own = fetchFromNode ? ((privateGlobals.get('fetch')?.value as typeof globalThis.fetch | undefined) ?? node?.fetch) : environment.fetch
  if (!own) throw new TypeError('fetch is not defined')
  return own(input, init)
}

// `globalThis` as the bundled code sees it. Where the environment has the Fetch
// group, it is the real global object. Where it does not (jsdom), reads of the
// group's names give Node's classes and writes to them stay here: @mswjs/interceptors
// wraps `globalThis.Headers/Request/Response` while listening, and mocklib wraps
// `globalThis.fetch`; in jsdom neither may add globals to the test's window.
const privateGlobals = new Map<PropertyKey, PropertyDescriptor>()
// A fetch of the environment's own (a polyfill over non-standard classes) stays
// the test's: mocklib patches it there, as msw does, and answers with Node's classes.
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
        return value === undefined && others.includes(property as Name) ? node?.[property as Name] : value
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
