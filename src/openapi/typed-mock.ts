import { typedResolver, type TypedOperation } from './typed-resolver-info.js'

/** mocklib's REST builder as this file drives it: every step returns the next builder, every answer the mock. */
export interface PlainBuilder {
  query(matcher: unknown): PlainBuilder
  headers(matcher: unknown): PlainBuilder
  cookies(matcher: unknown): PlainBuilder
  body(matcher?: unknown, options?: unknown): PlainBuilder
  reply(...args: unknown[]): unknown
  replyWith(response: unknown): unknown
  networkError(): unknown
  passthrough(): unknown
}

/**
 * `openapi<paths>().mock.get(template)`: mocklib's own builder, every step and answer its own, except that a
 * `reply(resolver)` hands the resolver the typed info (params by the document's names, `query`, `response`).
 */
export function contractBuilder(plain: PlainBuilder, operation: TypedOperation): PlainBuilder {
  const next = (builder: PlainBuilder) => contractBuilder(builder, operation)
  return {
    query: (matcher) => next(plain.query(matcher)),
    headers: (matcher) => next(plain.headers(matcher)),
    cookies: (matcher) => next(plain.cookies(matcher)),
    body: (...args) => next(plain.body(...args)),
    reply: (...args) => {
      const [resolver] = args
      if (typeof resolver !== 'function') return plain.reply(...args)
      return plain.reply(typedResolver(resolver as (info: unknown) => unknown, operation))
    },
    replyWith: (response) => plain.replyWith(response),
    networkError: () => plain.networkError(),
    passthrough: () => plain.passthrough(),
  }
}
