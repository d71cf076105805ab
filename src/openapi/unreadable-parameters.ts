import type { ContractViolation } from './violation.js'

/**
 * Thrown when an `openapi<paths>()` resolver reads `query` (or `params`) of a
 * request whose values do not parse as the document's schemas type them
 * (`?limit=ten` for an `integer`): the resolver is never handed a value of
 * another type than its types say. The client gets the handler's error
 * answer (status 500 with this message), and `contract()`, where it checks
 * the exchange, reports the same parameter.
 *
 * @example
 * try { void query.limit } catch (error) { if (error instanceof UnreadableParametersError) console.log(error.violations[0]?.name) } // 'limit'
 */
export class UnreadableParametersError extends Error {
  override readonly name = 'UnreadableParametersError'

  constructor(
    /** The violations, one per parameter that did not parse (`part`, `name`, `rule: 'type'`). */
    readonly violations: readonly ContractViolation[],
  ) {
    super(
      `[mocklib] The request breaks the OpenAPI contract, so its parameters cannot be read as the document types them:\n${violations.map((violation) => `  • ${violation.message}`).join('\n')}\nSend values the document's schemas accept (or read the raw text from new URL(request.url).searchParams).`,
    )
  }
}
