/** Prefix of every message mocklib prints or throws. */
export const PREFIX = '[mocklib]'

/** Formats a mocklib message: the prefix, what happened, then what to do. */
export function message(what: string, todo?: string): string {
  return todo ? `${PREFIX} ${what} ${todo}` : `${PREFIX} ${what}`
}

/**
 * The answer to a resolver that threw: status 500 with `{ name, message, stack }`,
 * so the failure is visible in the test that made the request.
 */
export function exceptionResponse(error: unknown): Response {
  const normalized = error instanceof Error ? error : new Error(String(error))
  return Response.json(
    { name: normalized.name, message: normalized.message, stack: normalized.stack },
    { status: 500, statusText: 'Unhandled Exception' },
  )
}
