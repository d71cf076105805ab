/**
 * Which part of an exchange broke the contract.
 *
 * @example
 * const bodyOnly = violations.filter((violation) => violation.part === 'body')
 */
export type ViolationPart = 'path' | 'query' | 'header' | 'cookie' | 'body' | 'status' | 'content-type' | 'operation'

/**
 * One way an exchange breaks the OpenAPI document.
 *
 * @example
 * server.contractViolations().map((violation: ContractViolation) => violation.message)
 */
export interface ContractViolation {
  /** The whole message: request, operation, where, rule, and where the rule is in the document. */
  readonly message: string
  readonly request: { readonly method: string; readonly url: string }
  /** The `operationId`, else `METHOD /template`; `undefined` for an undocumented operation. */
  readonly operation: string | undefined
  /** The request as the client sent it, or the response (mocked, or the network's: see `fromNetwork`). */
  readonly side: 'request' | 'response'
  /** True when the exchange was answered by the network (a passed-through request, checked under `checkPassthrough`), not by a mock. */
  readonly fromNetwork?: true
  readonly part: ViolationPart
  /** The parameter or header name, for those parts. */
  readonly name?: string
  /** JSON pointer into the body (`''`: the body itself). */
  readonly pointer?: string
  /** The rule that failed: a JSON Schema keyword (`type`, `required`...) or `required-parameter`, `declared-status`, `declared-content-type`, `undocumented`. */
  readonly rule: string
  /** JSON pointer into the document to the rule. */
  readonly documentPointer?: string
}

export type ViolationFacts = Omit<ContractViolation, 'message'> & { readonly detail: string }

export function describeViolation(facts: ViolationFacts): ContractViolation {
  const { detail, ...violation } = facts
  // The network's answer is named as such: the fix is then in the API or its document, not in a mock.
  const side = facts.fromNetwork === true && facts.side === 'response' ? 'network response' : facts.side
  const where =
    facts.part === 'body'
      ? `${side} body at ${facts.pointer === '' || facts.pointer === undefined ? '(root)' : facts.pointer}`
      : facts.name !== undefined
        ? `${side} ${facts.part} "${facts.name}"`
        : `${side} ${facts.part}`
  const rule = facts.documentPointer !== undefined ? ` [rule "${facts.rule}" at ${facts.documentPointer}]` : ` [rule "${facts.rule}"]`
  const operation = facts.operation !== undefined ? ` (${facts.operation})` : ''
  const message = `${facts.request.method} ${facts.request.url}${operation}: ${where}: ${detail}${rule}`
  return { message, ...violation }
}
