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
