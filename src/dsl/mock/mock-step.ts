import type { RequestContext } from '../../kernel/index.js'

/**
 * The matching steps of a mock, in the order they are checked. Assertion
 * messages name the step that rejected a request.
 */
export type MockStepName = 'method' | 'path' | 'query' | 'headers' | 'cookies' | 'body' | 'operation' | 'variables'

/**
 * One matching step: a cheap check compiled at creation. `check` returns
 * `undefined` when the request passes, else a short reason such as
 * `"page" is "x", expected /^\d+$/`.
 *
 * A step with `needsBody` reads the request body: `check` is called only once
 * the body was read (see `request-body.ts`).
 */
export interface MockStep {
  readonly name: MockStepName
  /** How the step appears in a mock's description, e.g. `query(page=/^\d+$/)`; `''` for none. */
  readonly description: string
  readonly needsBody?: boolean
  check(context: RequestContext): string | undefined
}
