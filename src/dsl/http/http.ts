import { HttpHandler } from './http-handler.js'
import type { HttpHandlerFactory } from './http-types.js'

function factory(method: string): HttpHandlerFactory {
  return ((predicate: never, resolver: never, options?: { once?: boolean }) =>
    new HttpHandler(method, predicate, resolver, options)) as HttpHandlerFactory
}

/**
 * REST handler factories, one per method; `all` matches every method.
 * The predicate is a path (`/posts/:id`, `:id?`, `*`), an absolute URL
 * (`https://*.example.com/*`), a RegExp or a function. An invalid pattern
 * throws at creation, naming the pattern.
 *
 * @example
 * import { http, HttpResponse } from 'mocklib'
 * const handlers = [
 *   http.get('/posts', () => HttpResponse.json([])),
 *   http.delete('/posts/:id', ({ params }) => HttpResponse.json({ id: params.id })),
 *   http.get('/flaky', () => HttpResponse.error(), { once: true }),
 * ]
 */
export const http: {
  readonly all: HttpHandlerFactory
  readonly get: HttpHandlerFactory
  readonly post: HttpHandlerFactory
  readonly put: HttpHandlerFactory
  readonly patch: HttpHandlerFactory
  readonly delete: HttpHandlerFactory
  readonly head: HttpHandlerFactory
  readonly options: HttpHandlerFactory
} = {
  all: factory('*'),
  get: factory('GET'),
  post: factory('POST'),
  put: factory('PUT'),
  patch: factory('PATCH'),
  delete: factory('DELETE'),
  head: factory('HEAD'),
  options: factory('OPTIONS'),
}
