import type { OpenApiDocument } from './document.js'
import type { OperationEntry, OperationParameter } from './operations.js'
import { parseParameterText, queryTexts, readingOf, type TextReading } from './parameter-values.js'
import { UnreadableParametersError } from './unreadable-parameters.js'
import { describeViolation, type ContractViolation } from './violation.js'

/**
 * Reads a request's query parameters as the operation's schemas type them, for `openapi<paths>()` resolvers. A
 * text that does not parse, or is outside an `enum`, is a violation: a resolver never gets a value of another type.
 */
export class ParameterReader {
  /** `reading` is `undefined` where the parameter declares no schema (its text is kept). */
  readonly #query: readonly { readonly parameter: OperationParameter; readonly reading: TextReading | undefined }[]

  constructor(
    document: OpenApiDocument,
    readonly entry: OperationEntry,
  ) {
    this.#query = entry.parameters
      .filter((parameter) => parameter.in === 'query')
      .map((parameter) => ({ parameter, reading: parameter.schemaPointer === undefined ? undefined : readingOf(document, parameter.schemaPointer) }))
  }

  /** Throws `UnreadableParametersError` naming every parameter that does not parse. */
  query(request: { readonly method: string; readonly url: string }): Record<string, unknown> {
    const url = new URL(request.url)
    const values: Record<string, unknown> = Object.create(null)
    let violations: ContractViolation[] | undefined
    for (const { parameter, reading } of this.#query) {
      const texts = reading?.itemTypes !== undefined ? queryTexts(parameter, url.searchParams) : url.searchParams.getAll(parameter.name)
      if (texts === undefined || texts.length === 0) {
        if (reading?.itemTypes !== undefined && url.searchParams.has(parameter.name)) values[parameter.name] = []
        continue
      }
      const read = this.#read(parameter, reading, texts, request)
      if (read.ok) values[parameter.name] = read.value
      else (violations ??= []).push(read.violation)
    }
    if (violations !== undefined) throw new UnreadableParametersError(violations)
    return values
  }

  #read(parameter: OperationParameter, reading: TextReading | undefined, texts: readonly string[], request: { readonly method: string; readonly url: string }) {
    const refuse = (detail: string, rule: string) => ({
      ok: false as const,
      violation: describeViolation({ request: { method: request.method, url: request.url }, operation: this.entry.label, side: 'request', part: parameter.in, name: parameter.name, rule, documentPointer: parameter.schemaPointer ?? parameter.pointer, detail }),
    })
    if (reading?.itemTypes !== undefined) {
      const items: unknown[] = []
      for (const text of texts) {
        const parsed = parseParameterText(text, reading.itemTypes)
        if (!parsed.ok) return refuse(`${JSON.stringify(text)} in ${JSON.stringify(texts.join(','))} is not ${parsed.expected}, as the array's items schema asks.`, 'type')
        if (!isAllowed(parsed.value, reading.allowed)) return refuse(`${JSON.stringify(text)} in ${JSON.stringify(texts.join(','))} is not one of ${JSON.stringify(reading.allowed)}, as the array's items schema asks.`, 'enum')
        items.push(parsed.value)
      }
      return { ok: true as const, value: items }
    }
    if (reading === undefined || reading.types.includes('object')) return { ok: true as const, value: texts.length === 1 ? texts[0] : [...texts] }
    if (texts.length > 1) return refuse(`given ${texts.length} times (${texts.map((text) => JSON.stringify(text)).join(', ')}), but its schema is no array: send it once.`, 'type')
    const parsed = parseParameterText(texts[0]!, reading.types)
    if (!parsed.ok) return refuse(`${JSON.stringify(texts[0])} is not ${parsed.expected}, as its schema asks.`, 'type')
    if (!isAllowed(parsed.value, reading.allowed)) return refuse(`${JSON.stringify(texts[0])} is not one of ${JSON.stringify(reading.allowed)}, as its schema asks.`, 'enum')
    return { ok: true as const, value: parsed.value }
  }
}

function isAllowed(value: unknown, allowed: readonly unknown[] | undefined): boolean {
  return allowed === undefined || allowed.includes(value)
}
