export const PREFIX = '[mocklib]'

export function message(what: string, todo?: string): string {
  return todo ? `${PREFIX} ${what} ${todo}` : `${PREFIX} ${what}`
}

export function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown))
}

export function exceptionResponse(error: unknown): Response {
  const { name, message, stack } = asError(error)
  return Response.json({ name, message, stack }, { status: 500, statusText: 'Unhandled Exception' })
}

/** A fault of mocklib itself: fail this exchange loudly, keep every other one working. */
export function failInternally(exchange: { errorWith(error: Error): void }, error: unknown): void {
  console.error(message('An internal error stopped this request; please report it.'), error)
  exchange.errorWith(asError(error))
}
