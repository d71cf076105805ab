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
 * A step that needs data read asynchronously (the body, the GraphQL
 * operation) has `load`: it starts reading (once per request) and returns a
 * promise while the data is not there yet; `check` runs only after it.
 * `loaded` tells diagnostics, without starting a read, whether it is there.
 */
export interface MockStep {
  readonly name: MockStepName
  /** How the step appears in a mock's description, e.g. `query(page=/^\d+$/)`; `''` for none. */
  readonly description: string
  load?(context: RequestContext): Promise<unknown> | undefined
  loaded?(context: RequestContext): boolean
  check(context: RequestContext): string | undefined
}
