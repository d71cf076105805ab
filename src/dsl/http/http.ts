import { HttpHandler } from './http-handler.js'
import type { HttpHandlerFactory } from './http-types.js'

function factory(method: string): HttpHandlerFactory {
  return ((predicate: never, resolver: never, options?: { once?: boolean }) =>
    new HttpHandler(method, predicate, resolver, options)) as HttpHandlerFactory
}

/**
 * REST handler factories, one per method; `all` matches every method. The predicate is a path (`/posts/:id`,
 * `:id?`, `*`), an absolute URL (`https://*.example.com/*`), a RegExp or a function.
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
  // Pure calls: a bundler drops the factories an application does not use, even from a shared chunk.
  all: /* @__PURE__ */ factory('*'),
  get: /* @__PURE__ */ factory('GET'),
  post: /* @__PURE__ */ factory('POST'),
  put: /* @__PURE__ */ factory('PUT'),
  patch: /* @__PURE__ */ factory('PATCH'),
  delete: /* @__PURE__ */ factory('DELETE'),
  head: /* @__PURE__ */ factory('HEAD'),
  options: /* @__PURE__ */ factory('OPTIONS'),
}

/**
 * msw's `HttpMethods` enum, as a frozen object (it works with `erasableSyntaxOnly`).
 *
 * @example
 * import { HttpMethods } from 'mocklib'
 * server.listHandlers().filter((handler) => handler.info.header.startsWith(HttpMethods.GET))
 */
export const HttpMethods = /* @__PURE__ */ Object.freeze({
  HEAD: 'HEAD',
  GET: 'GET',
  POST: 'POST',
  PUT: 'PUT',
  PATCH: 'PATCH',
  OPTIONS: 'OPTIONS',
  DELETE: 'DELETE',
} as const)

/** One of the `HttpMethods` values, as msw's enum type. */
export type HttpMethods = (typeof HttpMethods)[keyof typeof HttpMethods]
