import { NativeRequest } from '../native-fetch.js'

/**
 * The Fetch Request for a request a Node client sent. Fetch refuses a body on
 * GET and HEAD, but node:http sends one when asked (search APIs take a JSON
 * query in a GET): such a request keeps its method and gets body readers
 * (`text()`, `json()`, `body`, `clone()`, …) that serve the bytes sent. msw
 * drops that body from the Request (its interceptors keep only a raw Node
 * stream aside); a resolver here reads it like any other body.
 *
 * @example
 * const request = toFetchRequest('http://x.test/_search', 'GET', headers, Buffer.from('{"q":1}'))
 * await request.json() // { q: 1 }
 */
export function toFetchRequest(url: string, method: string, headers: Headers, body: Uint8Array<ArrayBuffer> | null): Request {
  const bodyForbidden = method === 'GET' || method === 'HEAD'
  if (body === null || body.byteLength === 0) return new NativeRequest(url, { method, headers })
  if (!bodyForbidden) return new NativeRequest(url, { method, headers, body })
  return withBody(new NativeRequest(url, { method, headers }), body)
}

const BODY_READERS = ['arrayBuffer', 'blob', 'bytes', 'formData', 'json', 'text'] as const

/**
 * Gives `request` the body readers of a carrier request (same headers, a
 * method that may have a body), so `bodyUsed` and "body already read" behave
 * as Fetch's own. Own properties shadow the prototype's getters and methods.
 */
function withBody(request: Request, body: Uint8Array<ArrayBuffer>): Request {
  const carrier = new NativeRequest(request.url, { method: 'POST', headers: request.headers, body })
  const properties: PropertyDescriptorMap = {
    body: { get: () => carrier.body, configurable: true },
    bodyUsed: { get: () => carrier.bodyUsed, configurable: true },
    clone: {
      // A read body cannot be cloned: the carrier throws Fetch's own TypeError.
      value: () => (carrier.bodyUsed ? carrier.clone() : withBody(Request.prototype.clone.call(request), body)),
      configurable: true,
      writable: true,
    },
  }
  for (const name of BODY_READERS) {
    const reader = (carrier as unknown as Record<string, () => Promise<unknown>>)[name]
    if (typeof reader === 'function') properties[name] = { value: () => reader.call(carrier), configurable: true, writable: true }
  }
  return Object.defineProperties(request, properties)
}
