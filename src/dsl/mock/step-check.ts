import type { RequestContext } from '../../kernel/index.js'

/**
 * A step's argument compiled at creation. `check` returns why a request fails (`"page" is "x", expected /^\d+$/`),
 * `undefined` when it passes. A step on data read asynchronously (the body, the GraphQL operation) has `load`, which
 * starts the read once per request and returns a promise until the data is there, and `loaded`, which tells
 * diagnostics whether it is there without starting a read.
 */
export interface StepCheck {
  /** The step in a mock's description, e.g. `query(page=/^\d+$/)`; `''` for none. */
  readonly description: string
  load?(context: RequestContext): Promise<unknown> | undefined
  loaded?(context: RequestContext): boolean
  check(context: RequestContext): string | undefined
}
