import { BYPASS_HEADER } from '../worker-protocol/bypass-header.js'

/** A private flag on Response objects, to recognise those a helper made (`passthrough()`) without a visible header. */
export interface ResponseMark {
  mark<R extends Response>(response: R): R
  has(response: Response): boolean
}

// A symbol property, not a WeakSet: one cost more per response than the rest of a mocked answer's
// bookkeeping, and weak entries slow every garbage collection.
export function createResponseMark(): ResponseMark {
  const flag = Symbol('mocklib.response-mark')
  return {
    mark(response) {
      ;(response as unknown as Record<symbol, unknown>)[flag] = true
      return response
    },
    has: (response) => (response as unknown as Record<symbol, unknown>)[flag] === true,
  }
}

const passthroughResponses = /* @__PURE__ */ createResponseMark()

export const markPassthrough = passthroughResponses.mark

export const isPassthrough = passthroughResponses.has

// Only values holding the per-process secret count on `BYPASS_HEADER` (a forwarded header is ordinary).
// The secret sits under a `Symbol.for` key so the CJS and ESM builds agree on it.
export { BYPASS_HEADER }

const SECRET_KEY = Symbol.for('mocklib.bypass-secret')
const registry = globalThis as unknown as Record<symbol, string | undefined>
// Made when first needed, not by the import: a cold start never pays for it.
let values: { readonly bypass: string; readonly own: string } | undefined

function headerValues(): { readonly bypass: string; readonly own: string } {
  if (values !== undefined) return values
  const secret = (registry[SECRET_KEY] ??= randomToken())
  return (values = { bypass: `bypass ${secret}`, own: `own ${secret}` })
}

export function bypassValue(): string {
  return headerValues().bypass
}

/** On a request a source sends to the network itself: lower sources let it go unresolved and unreported. */
export function ownCall(): string {
  return headerValues().own
}

export function bypassMarkOf(request: Request): 'bypass' | 'own' | undefined {
  const value = request.headers.get(BYPASS_HEADER)
  if (value === null) return undefined
  return value === bypassValue() ? 'bypass' : value === ownCall() ? 'own' : undefined
}

function randomToken(): string {
  const bytes = new Uint8Array(16)
  // node:crypto (already loaded by Node's fetch): the first touch of WebCrypto loads its WebIDL layer (bench/results.md).
  const nodeCrypto = globalThis.process?.getBuiltinModule?.('node:crypto')
  if (nodeCrypto === undefined) globalThis.crypto.getRandomValues(bytes)
  else nodeCrypto.randomFillSync(bytes)
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
