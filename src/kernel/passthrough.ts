import { BYPASS_HEADER } from '../worker-protocol/bypass-header.js'

/**
 * A private flag on Response objects. Layers use one to recognise the
 * responses their own helpers made, such as `passthrough()`, without a
 * visible header.
 */
export interface ResponseMark {
  /** Flags `response` and returns it. */
  mark<R extends Response>(response: R): R
  /** True when `response` was flagged. */
  has(response: Response): boolean
}

/**
 * Creates a mark: a property under a symbol of its own (symbols stay out of
 * `for…in`, `Object.keys` and JSON). A WeakSet cost more per response than
 * the rest of a mocked answer's bookkeeping, and weak entries slow every
 * garbage collection.
 *
 * @example
 * const defaulted = createResponseMark()
 * defaulted.has(defaulted.mark(new Response('x'))) // true
 */
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

/** Marks a Response as "send the request to the network instead". @internal */
export const markPassthrough = passthroughResponses.mark

/** True for a Response made by `passthrough()`. @internal */
export const isPassthrough = passthroughResponses.has

// Only the values below count on `BYPASS_HEADER`: they hold a per-process
// secret, so a request that merely carries the header (forwarded from
// elsewhere) is an ordinary request. The secret sits under a `Symbol.for` key
// so that the CommonJS and ES module builds loaded together agree on it.
export { BYPASS_HEADER }

const SECRET_KEY = Symbol.for('mocklib.bypass-secret')
const registry = globalThis as unknown as Record<symbol, string | undefined>
// Made when first needed (a bypass or a passthrough), not by the import: a cold start never pays for it.
let values: { readonly bypass: string; readonly own: string } | undefined

function headerValues(): { readonly bypass: string; readonly own: string } {
  if (values !== undefined) return values
  const secret = (registry[SECRET_KEY] ??= randomToken())
  return (values = { bypass: `bypass ${secret}`, own: `own ${secret}` })
}

/** The value of `BYPASS_HEADER` set by `bypass()`. @internal */
export function bypassValue(): string {
  return headerValues().bypass
}

/**
 * The value of `BYPASS_HEADER` on a request a source sends to the network
 * itself (a passthrough): lower sources let it go unresolved and unreported.
 * @internal
 */
export function ownCall(): string {
  return headerValues().own
}

/**
 * What the bypass header of `request` says: `'bypass'` (made by `bypass()`),
 * `'own'` (mocklib's own passthrough call), or `undefined` (an ordinary
 * request, whatever else the header holds).
 * @internal
 */
export function bypassMarkOf(request: Request): 'bypass' | 'own' | undefined {
  const value = request.headers.get(BYPASS_HEADER)
  if (value === null) return undefined
  return value === bypassValue() ? 'bypass' : value === ownCall() ? 'own' : undefined
}

function randomToken(): string {
  const bytes = new Uint8Array(16)
  // In Node, node:crypto (already loaded by Node's fetch) rather than globalThis.crypto:
  // the first touch of WebCrypto loads its WebIDL layer, a cost every cold start would pay (bench/results.md).
  const nodeCrypto = globalThis.process?.getBuiltinModule?.('node:crypto')
  if (nodeCrypto === undefined) globalThis.crypto.getRandomValues(bytes)
  else nodeCrypto.randomFillSync(bytes)
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
