import type { RequestContext } from '../../kernel/index.js'

/**
 * What a step compiler makes of a step's argument: a cheap check compiled at
 * creation. `check` returns `undefined` when the request passes, else a short
 * reason such as `"page" is "x", expected /^\d+$/`. The step table gives it
 * its name (see `MockStep`).
 *
 * A check that needs data read asynchronously (the body, the GraphQL
 * operation) has `load`: it starts reading (once per request) and returns a
 * promise while the data is not there yet; `check` runs only after it.
 * `loaded` tells diagnostics, without starting a read, whether it is there.
 *
 * @example
 * const hasQuery: StepCheck = { description: 'query(any)', check: (context) => (context.url.search ? undefined : 'is empty') }
 */
export interface StepCheck {
  /** How the step appears in a mock's description, e.g. `query(page=/^\d+$/)`; `''` for none. */
  readonly description: string
  load?(context: RequestContext): Promise<unknown> | undefined
  loaded?(context: RequestContext): boolean
  check(context: RequestContext): string | undefined
}
