/**
 * The Fetch classes as they were when mocklib loaded. Once the socket layer
 * is applied, @mswjs/interceptors wraps the globals in Proxies that record raw
 * header names for the wire; the Request and Headers mocklib builds for its
 * own layers (the fetch fast path, the ClientRequest layer) never reach the
 * wire that way, so they skip that cost. Instances are those of the globals'
 * classes either way.
 *
 * @example
 * const request = new NativeRequest('http://x.test/', { headers: new NativeHeaders({ a: '1' }) })
 */
export const NativeRequest: typeof Request = globalThis.Request
export const NativeHeaders: typeof Headers = globalThis.Headers
export const NativeResponse: typeof Response = globalThis.Response
