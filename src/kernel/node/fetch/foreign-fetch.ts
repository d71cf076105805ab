import { nodeAbortController, nodeMainGlobal, requestAcceptsSignalOf } from '../main-realm.js'
import { NativeHeaders, NativeRequest } from '../http-layer.js'

// Test setups hand fetch objects of another realm or library (node-fetch's Request, jsdom's signal,
// Blob and FormData). Node's Request refuses a foreign signal and sends a foreign FormData as the text
// "[object FormData]"; msw answers them all, so they are adopted into the Request class's own realm.

interface RequestLike {
  readonly url: string
  readonly method: string
  readonly headers: unknown
  readonly signal?: unknown
  readonly redirect?: RequestRedirect
  readonly credentials?: RequestCredentials
  readonly body?: unknown
  arrayBuffer(): Promise<ArrayBuffer>
}

/** Plain arguments answer at the first check: this runs on every call. */
export function hasForeignInit(init: RequestInit | undefined): boolean {
  if (init === undefined || init === null) return false
  const { signal, body } = init
  if (signal != null && !(signal instanceof requestRealm().AbortSignal)) return true
  if (typeof body !== 'object' || body === null) return false
  return isForeignForm(body) || isForeignOf(body, 'URLSearchParams') || isForeignOf(body, 'Blob') || isForeignOf(body, 'File') || isForeignBuffer(body)
}

/** Also one holding a foreign file: undici's FormData polyfilled under Jest's jsdom keeps jsdom's File, which it cannot read. */
function isForeignForm(body: object): boolean {
  if (!isTagged(body, 'FormData')) return false
  if (isForeignOf(body, 'FormData')) return true
  let foreignFile = false
  ;(body as FormData).forEach((value) => {
    if (typeof value === 'object' && (isForeignOf(value, 'File') || isForeignOf(value, 'Blob'))) foreignFile = true
  })
  return foreignFile
}

/** happy-dom's Request checks `instanceof ArrayBuffer` in its own realm (under Jest it sent "[object ArrayBuffer]"); a view is read by all. */
function isForeignBuffer(body: object): boolean {
  return !requestRealm().undici && isTagged(body, 'ArrayBuffer')
}

export function isForeignRequest(input: unknown): input is RequestLike {
  if (typeof input !== 'object' || input === null || input instanceof NativeRequest) return false
  const candidate = input as Partial<RequestLike>
  return typeof candidate.url === 'string' && typeof candidate.method === 'string' && typeof candidate.arrayBuffer === 'function'
}

function isTagged(value: object, tag: string): boolean {
  return Object.prototype.toString.call(value) === `[object ${tag}]`
}

function isForeignOf(value: object, tag: 'FormData' | 'URLSearchParams' | 'Blob' | 'File'): boolean {
  if (!isTagged(value, tag)) return false
  const own = requestRealm()[tag === 'File' ? 'Blob' : tag]
  // Until the FormData class is known (see `learnBodyClasses`), the adopting path finds out.
  return own === undefined || !(value instanceof own)
}

interface RequestRealm {
  readonly undici: boolean
  readonly AbortController: typeof AbortController
  readonly AbortSignal: typeof AbortSignal
  readonly URLSearchParams: typeof URLSearchParams
  FormData: typeof FormData | undefined
  readonly Blob: typeof Blob
  readonly File: typeof File
}

let realm: RequestRealm | undefined

// Under Vitest's jsdom the globals may be jsdom's, beside Node's Request: Node's classes are found by
// what the Request accepts (a signal), a URL's search params, the body it reads back.
function requestRealm(): RequestRealm {
  if (realm !== undefined) return realm
  const environment = globalThis as unknown as RequestRealm
  // Node's Request makes its signal with whatever AbortController is global, but accepts only Node's.
  const controllers = [environment.AbortController, nodeMainGlobal()?.AbortController, nodeAbortController()]
  const AbortControllerClass = controllers.find((Controller) => typeof Controller === 'function' && requestAcceptsSignalOf(Controller))
  const AbortSignalClass = (AbortControllerClass === undefined ? environment.AbortSignal : new AbortControllerClass().signal.constructor) as typeof AbortSignal
  // undici's Request takes node:buffer's Blob and File (under Vitest's jsdom the globals are jsdom's).
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

/** A foreign Request becomes its URL plus an init, a foreign signal one that follows it, other objects copies. */
export async function adoptFetchArguments(input: RequestInfo | URL, init: RequestInit | undefined): Promise<{ input: RequestInfo | URL; init: RequestInit }> {
  let merged: RequestInit = { ...init }
  let target: RequestInfo | URL = input
  if (isForeignRequest(input)) {
    target = input.url
    merged = { ...(await initOf(input)), ...merged }
  }
  const signal = merged.signal ?? undefined
  if (signal !== undefined && !(signal instanceof requestRealm().AbortSignal)) merged.signal = followerOf(signal)
  if (merged.headers !== undefined && !(merged.headers instanceof NativeHeaders) && typeof merged.headers === 'object') merged.headers = headerPairs(merged.headers)
  if (merged.body !== undefined && merged.body !== null) merged = await withOwnBody(merged)
  return { input: target, init: merged }
}

async function initOf(request: RequestLike): Promise<RequestInit> {
  const init: RequestInit = { method: request.method, headers: headerPairs(request.headers) }
  if (request.redirect !== undefined) init.redirect = request.redirect
  if (request.credentials !== undefined) init.credentials = request.credentials
  if (request.signal != null) init.signal = request.signal as AbortSignal
  const method = request.method.toUpperCase()
  // Read whatever the Request says of its `body` (whatwg-fetch's has no such property).
  if (method !== 'GET' && method !== 'HEAD' && request.body !== null) {
    const bytes = new Uint8Array(await request.arrayBuffer())
    if (bytes.byteLength > 0) init.body = bytes
  }
  return init
}

function headerPairs(headers: unknown): Array<[string, string]> {
  const pairs: Array<[string, string]> = []
  const source = headers as { forEach?: (each: (value: string, name: string) => void) => void }
  if (typeof source.forEach === 'function' && !Array.isArray(headers)) source.forEach((value, name) => pairs.push([name, String(value)]))
  else if (Array.isArray(headers)) for (const [name, value] of headers as Array<[string, string]>) pairs.push([name, String(value)])
  else for (const [name, value] of Object.entries(headers as Record<string, string>)) pairs.push([name, String(value)])
  return pairs
}

function followerOf(foreign: AbortSignal): AbortSignal {
  const controller = new (requestRealm().AbortController)()
  if (foreign.aborted) controller.abort(foreign.reason)
  else foreign.addEventListener('abort', () => controller.abort(foreign.reason), { once: true })
  return controller.signal
}

async function withOwnBody(init: RequestInit): Promise<RequestInit> {
  const body = init.body as unknown
  if (typeof body !== 'object' || body === null) return init
  await learnBodyClasses()
  if (isForeignOf(body, 'URLSearchParams')) {
    return withContentType({ ...init, body: String(body) }, 'application/x-www-form-urlencoded;charset=UTF-8')
  }
  if (isForeignForm(body)) return { ...init, body: await ownFormData(body as FormData) }
  if (isForeignBuffer(body)) return { ...init, body: new Uint8Array(body as ArrayBuffer) }
  if (isForeignOf(body, 'Blob') || isForeignOf(body, 'File')) {
    const blob = body as Blob
    const bytes = new Uint8Array(await bytesOf(blob))
    return blob.type === '' ? { ...init, body: bytes } : withContentType({ ...init, body: bytes }, blob.type)
  }
  return init
}

async function ownFormData(foreign: FormData): Promise<FormData> {
  const { FormData: OwnFormData, File: OwnFile } = await learnBodyClasses()
  const own = new OwnFormData!()
  const entries: Array<[string, unknown]> = []
  foreign.forEach((value, name) => entries.push([name, value]))
  for (const [name, value] of entries) {
    if (typeof value === 'string') own.append(name, value)
    else {
      const file = value as File
      // A File of the realm: appending a Blob with a name would make one with the global File (jsdom's under Vitest).
      own.append(name, new OwnFile!([await bytesOf(file)], file.name, { type: file.type }))
    }
  }
  return own
}

/** jsdom 26's Blob (Jest's jsdom) has no `arrayBuffer()`, only FileReader. */
function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer()
  const Reader = (globalThis as { FileReader?: typeof FileReader }).FileReader
  if (Reader === undefined) return Promise.reject(new TypeError('[mocklib] Cannot read the bytes of this Blob: it has no arrayBuffer() and there is no FileReader.'))
  return new Promise((resolve, reject) => {
    const reader = new Reader()
    reader.onload = () => resolve(reader.result as ArrayBuffer)
    reader.onerror = () => reject(reader.error ?? new TypeError('[mocklib] FileReader failed to read a Blob body.'))
    reader.readAsArrayBuffer(blob)
  })
}

function withContentType(init: RequestInit, type: string): RequestInit {
  const headers = new NativeHeaders(init.headers)
  if (!headers.has('content-type')) headers.set('content-type', type)
  return { ...init, headers }
}

async function learnBodyClasses(): Promise<RequestRealm> {
  const classes = requestRealm()
  if (classes.FormData !== undefined) return classes
  const form = new NativeRequest('http://realm.invalid/', { method: 'POST', body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  classes.FormData = (await form.formData()).constructor as typeof FormData
  return classes
}
