import { NativeHeaders, NativeRequest } from '../native-fetch.js'
import { isForeignBuffer, isForeignForm, isForeignOf, isForeignRequest, requestRealm, type RequestLike, type RequestRealm } from './foreign-fetch-input.js'

// Loaded by the first fetch() given a foreign object (foreign-fetch-input.ts tells them apart): test
// setups without node-fetch, jsdom signals or polyfilled bodies never load it.

/** `fetch(input, init)` arguments once every foreign object in them is replaced. */
export interface FetchArguments {
  readonly input: RequestInfo | URL
  readonly init: RequestInit | undefined
  /** The signal the caller gave (foreign or not): aborting rejects with its reason. */
  readonly signal: AbortSignal | undefined
}

/**
 * The same `fetch(input, init)` with every foreign object replaced by one of
 * the Request class's own realm: a foreign Request becomes its URL plus an
 * init (its body read), a foreign signal a signal that follows it (with the
 * same reason), foreign Headers, FormData, URLSearchParams, Blob copies.
 *
 * @example
 * const { input, init, signal } = await adoptFetchArguments(new NodeFetchRequest(url, { method: 'POST', body: 'x' }), undefined)
 * new Request(input, init)
 */
export async function adoptFetchArguments(input: RequestInfo | URL, init: RequestInit | undefined): Promise<FetchArguments> {
  let merged: RequestInit = { ...init }
  let target: RequestInfo | URL = input
  if (isForeignRequest(input)) {
    target = input.url
    merged = { ...(await initOf(input)), ...merged }
  }
  const signal = (merged.signal ?? undefined) as AbortSignal | undefined
  if (signal !== undefined && !(signal instanceof requestRealm().AbortSignal)) merged.signal = followerOf(signal)
  if (merged.headers !== undefined && !(merged.headers instanceof NativeHeaders) && typeof merged.headers === 'object') merged.headers = headerPairs(merged.headers)
  if (merged.body !== undefined && merged.body !== null) merged = await withOwnBody(merged)
  return { input: target, init: merged, signal }
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

/** Header pairs from any Headers-shaped object, pair list or record. */
function headerPairs(headers: unknown): Array<[string, string]> {
  const pairs: Array<[string, string]> = []
  const source = headers as { forEach?: (each: (value: string, name: string) => void) => void }
  if (typeof source.forEach === 'function' && !Array.isArray(headers)) source.forEach((value, name) => pairs.push([name, String(value)]))
  else if (Array.isArray(headers)) for (const [name, value] of headers as Array<[string, string]>) pairs.push([name, String(value)])
  else for (const [name, value] of Object.entries(headers as Record<string, string>)) pairs.push([name, String(value)])
  return pairs
}

/** A signal of the Request class's realm that aborts, with the same reason, when `foreign` does. */
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

/** The bytes of a Blob of any realm; jsdom 26's (Jest's jsdom) has no `arrayBuffer()`, only FileReader. */
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

/** Finds the FormData class the Request class reads bodies into (its own). */
async function learnBodyClasses(): Promise<RequestRealm> {
  const classes = requestRealm()
  if (classes.FormData !== undefined) return classes
  const form = new NativeRequest('http://realm.invalid/', { method: 'POST', body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  classes.FormData = (await form.formData()).constructor as typeof FormData
  return classes
}
