// Helpers used inside a benchmark child process.

/** The resource every REST scenario asks for; handler `index` answers `/api/r{index}/:id`. */
export const ORIGIN = 'http://localhost'
export const pathOf = (index) => `/api/r${index}/:id`
/** The absolute pattern msw-style libraries register (msw needs an origin in Node). */
export const patternOf = (index) => `${ORIGIN}${pathOf(index)}`
export const urlOf = (index) => `${ORIGIN}/api/r${index}/1`
export const BODY = { id: 1, title: 'hello' }

/**
 * Runs `once` sequentially: `warmup` times, then `iterations` times, timed.
 * Returns microseconds per call.
 */
export async function perCallMicros(once, { warmup, iterations }) {
  for (let i = 0; i < warmup; i++) await once(i)
  const start = process.hrtime.bigint()
  for (let i = 0; i < iterations; i++) await once(i)
  const elapsed = Number(process.hrtime.bigint() - start) / 1000
  return elapsed / iterations
}

/** Reads a fetch Response like an application would, and checks it. */
export async function readJson(response) {
  const body = await response.json()
  if (body.id !== 1) throw new Error(`unexpected body ${JSON.stringify(body)}`)
  return body
}
