/**
 * The HTTP methods of the `http` namespace, as msw's `HttpMethods` enum
 * (a frozen object here, so it costs nothing at runtime and works with
 * `erasableSyntaxOnly`): `HttpMethods.GET === 'GET'`.
 *
 * @example
 * import { HttpMethods } from 'mocklib'
 * server.listHandlers().filter((handler) => handler.info.header.startsWith(HttpMethods.GET))
 */
// Pure: a bundle that never reads it drops it (bundlers keep a call they cannot prove harmless).
export const HttpMethods = /* @__PURE__ */ Object.freeze({
  HEAD: 'HEAD',
  GET: 'GET',
  POST: 'POST',
  PUT: 'PUT',
  PATCH: 'PATCH',
  OPTIONS: 'OPTIONS',
  DELETE: 'DELETE',
} as const)

/** One of the `HttpMethods` values (`'GET'`, `'POST'`…), as msw's enum type. */
export type HttpMethods = (typeof HttpMethods)[keyof typeof HttpMethods]
