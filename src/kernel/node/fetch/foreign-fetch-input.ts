import { nodeAbortController, nodeMainGlobal } from '../main-realm.js'
import { NativeRequest } from '../native-fetch.js'

// Test setups hand fetch objects of another realm or library: node-fetch's
// Request and Headers (`vi.stubGlobal`), jsdom's or happy-dom's AbortSignal,
// Blob and FormData, a polyfill's Request. Node's Request refuses a foreign
// signal and quietly sends a foreign FormData as the text "[object FormData]";
// msw answers them all. These helpers tell such inputs apart, on every call;
// foreign-fetch-adoption.ts, loaded by the first one, turns them into ones the
// Request class mocklib builds with accepts, keeping what they mean.

/** A Request of any Fetch implementation: node-fetch's, a polyfill's, another realm's. */
export interface RequestLike {
  readonly url: string
  readonly method: string
  readonly headers: unknown
  readonly signal?: unknown
  readonly redirect?: RequestRedirect
  readonly credentials?: RequestCredentials
  readonly body?: unknown
  arrayBuffer(): Promise<ArrayBuffer>
}

/**
 * True when `init` carries an object that the Request class mocklib builds
 * with would refuse or misread: a signal, FormData or URLSearchParams of
 * another realm or library. Cheap: plain `init`s answer at the first check.
 *
 * @example
 * hasForeignInit({ signal: new window.AbortController().signal }) // true under Vitest's jsdom
 */
export function hasForeignInit(init: RequestInit | undefined): boolean {
  if (init === undefined || init === null) return false
  const { signal, body } = init
  if (signal != null && !(signal instanceof requestRealm().AbortSignal)) return true
  if (typeof body !== 'object' || body === null) return false
  return isForeignForm(body) || isForeignOf(body, 'URLSearchParams') || isForeignOf(body, 'Blob') || isForeignOf(body, 'File') || isForeignBuffer(body)
}

/**
 * A FormData of another realm, or one that holds a file of another realm
 * (undici's FormData polyfilled under Jest's jsdom keeps jsdom's File, which
 * it cannot read when it sends the form).
 *
 * @example
 * isForeignForm(new window.FormData()) // true under Vitest's jsdom
 */
export function isForeignForm(body: object): boolean {
  if (!isTagged(body, 'FormData')) return false
  if (isForeignOf(body, 'FormData')) return true
  let foreignFile = false
  ;(body as FormData).forEach((value) => {
    if (typeof value === 'object' && (isForeignOf(value, 'File') || isForeignOf(value, 'Blob'))) foreignFile = true
  })
  return foreignFile
}

/**
 * An ArrayBuffer for a Request class that is not undici's: happy-dom's checks
 * `instanceof ArrayBuffer` in its own realm, so under Jest (the test in a vm
 * context) it sent the text "[object ArrayBuffer]". A view over it is read
 * by every implementation.
 *
 * @example
 * if (isForeignBuffer(body)) body = new Uint8Array(body as ArrayBuffer)
 */
export function isForeignBuffer(body: object): boolean {
  return !requestRealm().undici && isTagged(body, 'ArrayBuffer')
}

/**
 * True for a Request made by another Fetch implementation than the one
 * mocklib builds with (node-fetch's, a polyfill's, another realm's).
 *
 * @example
 * isForeignRequest(new NodeFetchRequest('http://x.test/')) // true
 */
export function isForeignRequest(input: unknown): input is RequestLike {
  if (typeof input !== 'object' || input === null || input instanceof NativeRequest) return false
  const candidate = input as Partial<RequestLike>
  return typeof candidate.url === 'string' && typeof candidate.method === 'string' && typeof candidate.arrayBuffer === 'function'
}

function isTagged(value: object, tag: string): boolean {
  return Object.prototype.toString.call(value) === `[object ${tag}]`
}

type BodyTag = 'FormData' | 'URLSearchParams' | 'Blob' | 'File'

/**
 * True when `value` is a `tag` object that is not of the Request class's realm.
 *
 * @example
 * isForeignOf(new window.Blob(['x']), 'Blob') // true under Vitest's jsdom
 */
export function isForeignOf(value: object, tag: BodyTag): boolean {
  if (!isTagged(value, tag)) return false
  const classes = requestRealm()
  const own = tag === 'URLSearchParams' ? classes.URLSearchParams : tag === 'FormData' ? classes.FormData : classes.Blob
  // Until the FormData class is known (see `learnBodyClasses`), the adopting path finds out.
  return own === undefined || !(value instanceof own)
}

/** The classes that go with the Request class mocklib builds with. */
export interface RequestRealm {
  /** The Request class is undici's (Node's own, the npm package's). */
  readonly undici: boolean
  readonly AbortController: typeof AbortController
  readonly AbortSignal: typeof AbortSignal
  readonly URLSearchParams: typeof URLSearchParams
  FormData: typeof FormData | undefined
  readonly Blob: typeof Blob
  readonly File: typeof File
}

let realm: RequestRealm | undefined

/**
 * The AbortController, URLSearchParams… the Request class takes as its own.
 * Node's Request refuses those of other realms, and under Vitest's jsdom the
 * globals named so may be jsdom's (in the very context of Node's Request), so
 * Node's are found by what the Request accepts: a signal, a URL's search
 * params, the body it reads back (`learnBodyClasses`). Another
 * Request class (happy-dom's, edge-runtime's) takes the environment's globals.
 *
 * @example
 * const follower = new (requestRealm().AbortController)()
 */
export function requestRealm(): RequestRealm {
  if (realm !== undefined) return realm
  const environment = globalThis as unknown as RequestRealm
  // Found by trying: Node's Request makes its own signal with whatever AbortController
  // is global, but accepts only Node's (a Vitest 3 jsdom setup puts jsdom's there).
  const controllers = [environment.AbortController, nodeMainGlobal()?.AbortController, nodeAbortController()]
  const AbortControllerClass = controllers.find((Controller) => typeof Controller === 'function' && acceptsSignalOf(Controller))
  const AbortSignalClass = (AbortControllerClass === undefined ? environment.AbortSignal : new AbortControllerClass().signal.constructor) as typeof AbortSignal
  // undici's Request (the one with `duplex`) takes node:buffer's Blob and File; under
  // Vitest's jsdom the globals of those names are jsdom's.
  const undici = 'duplex' in NativeRequest.prototype
  const nodeBuffer = undici ? globalThis.process?.getBuiltinModule?.('node:buffer') : undefined
  realm = {
    undici,
    AbortController: AbortControllerClass ?? environment.AbortController,
    AbortSignal: AbortSignalClass,
    URLSearchParams: new URL('http://realm.invalid/').searchParams.constructor as typeof URLSearchParams,
    FormData: undefined,
    Blob: (nodeBuffer?.Blob as typeof Blob | undefined) ?? globalThis.Blob,
    File: (nodeBuffer?.File as typeof File | undefined) ?? globalThis.File,
  }
  return realm
}

function acceptsSignalOf(Controller: typeof AbortController): boolean {
  try {
    void new NativeRequest('http://realm.invalid/', { signal: new Controller().signal })
    return true
  } catch {
    return false
  }
}
