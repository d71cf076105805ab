import type { ContractViolation } from './violation.js'

/**
 * Thrown when an `openapi<paths>()` resolver reads `query` whose values do not parse as the document types them
 * (`?limit=ten` for an `integer`). The client gets status 500 with this message.
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
