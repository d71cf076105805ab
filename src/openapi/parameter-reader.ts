import type { OpenApiDocument } from './document.js'
import type { OperationEntry, OperationParameter } from './operations.js'
import { parseParameterText, queryTexts, readingOf, type TextReading } from './parameter-values.js'
import { describeViolation, type ContractViolation } from './violation.js'

/** A parameter with how its text is read, found once per operation. */
interface ReadParameter {
  readonly parameter: OperationParameter
  /** `undefined`: the parameter declares no schema (its text is kept). */
  readonly reading: TextReading | undefined
}

/** The values of one request's parameters, or the violations that kept them from being read. */
export type ReadValues = { readonly ok: true; readonly values: Record<string, unknown> } | { readonly ok: false; readonly violations: ContractViolation[] }

/**
 * Reads a request's query parameters as an operation's schemas type them,
 * for the resolvers of `openapi<paths>()` handlers: an `integer` is a number, a `boolean` a boolean, an `array` a list (in the `style` and
 * `explode` the document declares) of its items' type. A text that does not
 * parse (or is outside an `enum`, which the types make a union) is a
 * contract violation naming the parameter, never a value of another type
 * than the handler's types say.
 *
 * @example
 * const reader = new ParameterReader(document, entry)
 * reader.query(new URL('https://x.test/pets?limit=2&tag=a&tag=b'), request) // { ok: true, values: { limit: 2, tag: ['a', 'b'] } }
 */
export class ParameterReader {
  readonly #query: readonly ReadParameter[]

  constructor(
    document: OpenApiDocument,
    readonly entry: OperationEntry,
  ) {
    const read = (parameter: OperationParameter): ReadParameter => ({
      parameter,
      reading: parameter.schemaPointer === undefined ? undefined : readingOf(document, parameter.schemaPointer),
    })
    this.#query = entry.parameters.filter((parameter) => parameter.in === 'query').map(read)
  }

  /** The declared query parameters the URL carries, by the document's names (absent ones are left out). */
  query(url: URL, request: { readonly method: string; readonly url: string }): ReadValues {
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
    return violations === undefined ? { ok: true, values } : { ok: false, violations }
  }

  #read(parameter: OperationParameter, reading: TextReading | undefined, texts: readonly string[], request: { readonly method: string; readonly url: string }) {
    const refuse = (detail: string, rule: string) => ({
      ok: false as const,
      violation: describeViolation({ request, operation: this.entry.label, side: 'request', part: parameter.in, name: parameter.name, rule, documentPointer: parameter.schemaPointer ?? parameter.pointer, detail }),
    })
    if (reading === undefined) return texts.length === 1 ? { ok: true as const, value: texts[0] } : { ok: true as const, value: [...texts] }
    if (reading.itemTypes !== undefined) {
      const items: unknown[] = []
      for (const text of texts) {
        const parsed = parseParameterText(text, reading.itemTypes)
        if (!parsed.ok) return refuse(`${JSON.stringify(text)} in ${JSON.stringify(texts.join(','))} is not ${parsed.expected}, as the array's items schema asks.`, 'type')
        if (!isAllowed(parsed.value, reading.allowed)) return refuse(`${JSON.stringify(text)} in ${JSON.stringify(texts.join(','))} is not one of ${JSON.stringify(reading.allowed)}, as the array's items schema asks.`, 'enum')
        items.push(parsed.value)
      }
      return { ok: true as const, value: items }
    }
    if (reading.types.includes('object')) return { ok: true as const, value: texts.length === 1 ? texts[0] : [...texts] }
    if (texts.length > 1) return refuse(`given ${texts.length} times (${texts.map((text) => JSON.stringify(text)).join(', ')}), but its schema is no array: send it once.`, 'type')
    const parsed = parseParameterText(texts[0]!, reading.types)
    if (!parsed.ok) return refuse(`${JSON.stringify(texts[0])} is not ${parsed.expected}, as its schema asks.`, 'type')
    if (!isAllowed(parsed.value, reading.allowed)) return refuse(`${JSON.stringify(texts[0])} is not one of ${JSON.stringify(reading.allowed)}, as its schema asks.`, 'enum')
    return { ok: true as const, value: parsed.value }
  }
}

/** An `enum` is a union in the handler's types: a value outside it is refused as one of another type is. */
function isAllowed(value: unknown, allowed: readonly unknown[] | undefined): boolean {
  return allowed === undefined || allowed.includes(value)
}
