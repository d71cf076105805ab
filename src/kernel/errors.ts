/** Prefix of every message mocklib prints or throws. */
export const PREFIX = '[mocklib]'

/** Formats a mocklib message: the prefix, what happened, then what to do. */
export function message(what: string, todo?: string): string {
  return todo ? `${PREFIX} ${what} ${todo}` : `${PREFIX} ${what}`
}

/**
 * What was thrown, as an `Error` (a resolver may throw anything).
 *
 * @example
 * emitter.emit('unhandledException', { request, requestId, error: asError(thrown) })
 */
export function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown))
}

/**
 * The answer to a resolver that threw: status 500 with `{ name, message, stack }`,
 * so the failure is visible in the test that made the request.
 */
export function exceptionResponse(error: unknown): Response {
  const { name, message, stack } = asError(error)
  return Response.json({ name, message, stack }, { status: 500, statusText: 'Unhandled Exception' })
}

/**
 * A fault of mocklib itself: fail this exchange loudly, keep every other one working.
 *
 * @example
 * try { await answer(exchange) } catch (error) { failInternally(exchange, error) }
 */
export function failInternally(exchange: { errorWith(error: Error): void }, error: unknown): void {
  console.error(message('An internal error stopped this request; please report it.'), error)
  exchange.errorWith(asError(error))
}
