import type { HttpExchange } from '../contracts.js'

// What every Node HTTP layer shares: the sink it hands exchanges to, and the Fetch pieces it answers with.

/**
 * Where the Node HTTP sources hand their exchanges: the runtime's sink
 * (`Runtime.handle`), which answers through the exchange and reports real
 * responses itself (through `passthrough(report)`).
 *
 * @example
 * const stop = interceptSockets(runtime.handle)
 */
export type HttpSink = (exchange: HttpExchange) => Promise<void>

// The classes are taken as they were when mocklib loaded: once the socket layer is applied,
// @mswjs/interceptors wraps the globals in Proxies that record raw header names for the wire, a cost
// the objects mocklib builds for its own layers (which never reach the wire that way) need not pay.
// Instances are those of the globals' classes either way.

/**
 * Fetch's classes as they were when mocklib loaded.
 *
 * @example
 * const request = new NativeRequest('http://x.test/', { headers: new NativeHeaders({ a: '1' }) })
 */
export const NativeRequest: typeof Request = globalThis.Request
export const NativeHeaders: typeof Headers = globalThis.Headers
export const NativeResponse: typeof Response = globalThis.Response

/**
 * The error a fetch rejects with when a handler answered `Response.error()`
 * (`HttpResponse.error()`): `TypeError('Failed to fetch')` with the response as
 * its cause, as msw 2 does. The cause prints as what it is rather than as
 * `[object Response]`.
 *
 * @example
 * Promise.reject(networkError(Response.error()))
 */
export function networkError(response: Response): TypeError {
  const text = 'Response.error() (a network error returned by a request handler)'
  Object.defineProperties(response, {
    toString: { value: () => text },
    [Symbol.for('nodejs.util.inspect.custom')]: { value: () => text },
  })
  return new TypeError('Failed to fetch', { cause: response })
}

/**
 * The status text a client sees for `response`: the one it was given, else the
 * reason phrase a real Node server sends for its status (what undici reports).
 *
 * @example
 * statusTextOf(new Response(null, { status: 404 })) // 'Not Found'
 */
export function statusTextOf(response: Response): string {
  // node:http is loaded when a response is played, not when mocklib/node is imported.
  return response.statusText || process.getBuiltinModule('node:http').STATUS_CODES[response.status] || ''
}
