import { isJsonObject, type JsonObject, type OpenApiDocument } from './document.js'
import { readPointer } from './json-pointer.js'
import { followRef } from './operations.js'
import { integerBetween, pick, type Random } from './random.js'
import { sampleFromPattern } from './regex-sample.js'

interface GenerateOptions {
  readonly document: OpenApiDocument
  readonly random: Random
  /** Picks the `oneOf` branch whose value only that branch accepts. */
  readonly accepts: (pointer: string, value: unknown) => boolean
}

// Past this depth objects carry their required properties only and arrays their minimum: recursive schemas end.
const RICH_DEPTH = 4
const MAX_DEPTH = 24

/** A response value valid against the schema at `pointer`, deterministic for the random source. */
export function generateValue(pointer: string, options: GenerateOptions): unknown {
  return new Generator(options).value(readPointer(options.document, pointer), pointer, 0)
}

class Generator {
  constructor(readonly options: GenerateOptions) {}

  value(schema: unknown, pointer: string, depth: number): unknown {
    if (schema === true || schema === undefined) return 'value'
    if (!isJsonObject(schema) || depth > MAX_DEPTH) return null
    if (typeof schema.$ref === 'string') return this.value(readPointer(this.options.document, schema.$ref), schema.$ref, depth + 1)
    if ('const' in schema) return schema.const
    if (Array.isArray(schema.enum) && schema.enum.length > 0) {
      const nonNull = schema.enum.filter((value) => value !== null)
      return pick(this.options.random, nonNull.length > 0 ? nonNull : schema.enum)
    }
    if (Array.isArray(schema.allOf)) return this.value(this.merged(schema), pointer, depth + 1)
    if (Array.isArray(schema.oneOf) && schema.oneOf.length > 0) return this.oneOf(schema, pointer, depth)
    if (Array.isArray(schema.anyOf) && schema.anyOf.length > 0) {
      // A nullable schema is written as anyOf [it, null]: real data is more useful than null.
      const index = schema.anyOf.findIndex((branch) => !(isJsonObject(branch) && branch.type === 'null'))
      return this.withSiblings(schema, 'anyOf', Math.max(0, index), pointer, depth)
    }
    switch (this.typeOf(schema)) {
      case 'object':
        return this.object(schema, pointer, depth)
      case 'array':
        return this.array(schema, pointer, depth)
      case 'string':
        return this.string(schema)
      case 'integer':
        return this.number(schema, true)
      case 'number':
        return this.number(schema, false)
      case 'boolean':
        return this.options.random() < 0.5
      case 'null':
        return null
      default:
        return 'value'
    }
  }

  typeOf(schema: JsonObject): string | undefined {
    const { type } = schema
    if (typeof type === 'string') return type
    if (Array.isArray(type)) return (type.find((entry) => entry !== 'null') ?? type[0]) as string | undefined
    if (isJsonObject(schema.properties) || schema.additionalProperties !== undefined || Array.isArray(schema.required)) return 'object'
    if (schema.items !== undefined || Array.isArray(schema.prefixItems)) return 'array'
    if (typeof schema.minimum === 'number' || typeof schema.maximum === 'number') return 'number'
    if (typeof schema.pattern === 'string' || typeof schema.format === 'string' || typeof schema.minLength === 'number') return 'string'
    return undefined
  }

  /** A branch of a composition, with the keywords written next to the composition (`{ type, properties, oneOf }`). */
  withSiblings(schema: JsonObject, keyword: 'anyOf' | 'oneOf', index: number, pointer: string, depth: number): unknown {
    const branch = (schema[keyword] as unknown[])[index]
    const { [keyword]: _dropped, ...siblings } = schema
    const hasSiblings = Object.keys(siblings).some((key) => !['description', 'title', 'nullable'].includes(key))
    if (!hasSiblings) return this.value(branch, `${pointer}/${keyword}/${index}`, depth + 1)
    return this.value({ allOf: [siblings, branch] }, pointer, depth + 1)
  }

  oneOf(schema: JsonObject, pointer: string, depth: number): unknown {
    let fallback: unknown
    // A valid oneOf value matches exactly one branch: try them in order.
    for (let index = 0; index < (schema.oneOf as unknown[]).length; index++) {
      const candidate = this.discriminated(schema, index, this.withSiblings(schema, 'oneOf', index, pointer, depth))
      if (index === 0) fallback = candidate
      if (this.options.accepts(pointer, candidate)) return candidate
    }
    return fallback
  }

  discriminated(schema: JsonObject, index: number, value: unknown): unknown {
    const discriminator = schema.discriminator
    if (!isJsonObject(discriminator) || typeof discriminator.propertyName !== 'string' || !isJsonObject(value)) return value
    const branch = (schema.oneOf as unknown[])[index]
    const ref = isJsonObject(branch) && typeof branch.$ref === 'string' ? branch.$ref : undefined
    if (ref === undefined) return value
    const mapping = isJsonObject(discriminator.mapping) ? discriminator.mapping : {}
    const mapped = Object.entries(mapping).find(([, target]) => target === ref)?.[0]
    const name = mapped ?? ref.slice(ref.lastIndexOf('/') + 1)
    return { ...value, [discriminator.propertyName]: name }
  }

  /** `allOf` as one schema: properties and required joined, the tightest bounds kept. */
  merged(schema: JsonObject): JsonObject {
    const parts: JsonObject[] = []
    const collect = (node: unknown, depth: number) => {
      const current = followRef(this.options.document, node, '').value
      if (!isJsonObject(current)) return
      const { allOf, ...rest } = current
      parts.push(rest)
      if (Array.isArray(allOf) && depth < 16) for (const part of allOf) collect(part, depth + 1)
    }
    collect(schema, 0)
    const result: JsonObject = {}
    const properties: JsonObject = {}
    const required = new Set<string>()
    for (const part of parts) {
      for (const [key, value] of Object.entries(part)) {
        if (key === 'properties' && isJsonObject(value)) {
          for (const [name, property] of Object.entries(value)) properties[name] = name in properties ? { allOf: [properties[name], property] } : property
        } else if (key === 'required' && Array.isArray(value)) value.forEach((name) => required.add(name as string))
        else if ((key === 'minimum' || key === 'minLength' || key === 'minItems') && typeof value === 'number') result[key] = Math.max(value, (result[key] as number | undefined) ?? -Infinity)
        else if ((key === 'maximum' || key === 'maxLength' || key === 'maxItems') && typeof value === 'number') result[key] = Math.min(value, (result[key] as number | undefined) ?? Infinity)
        else if (!(key in result)) result[key] = value
      }
    }
    if (Object.keys(properties).length > 0) result.properties = properties
    if (required.size > 0) result.required = [...required]
    return result
  }

  object(schema: JsonObject, pointer: string, depth: number): JsonObject {
    const result: JsonObject = {}
    const properties = isJsonObject(schema.properties) ? schema.properties : {}
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : [])
    for (const [name, property] of Object.entries(properties)) {
      if (!required.has(name)) {
        if (depth >= RICH_DEPTH) continue
        const resolved = followRef(this.options.document, property, '').value
        if (isJsonObject(resolved) && resolved.writeOnly === true) continue
      }
      result[name] = this.value(property, `${pointer}/properties/${name}`, depth + 1)
    }
    for (const name of required) if (!(name in result)) result[name] = 'value'
    const extra = schema.additionalProperties
    const minimum = typeof schema.minProperties === 'number' ? schema.minProperties : 0
    if (isJsonObject(extra) && (Object.keys(properties).length === 0 || Object.keys(result).length < minimum)) {
      for (let index = 0; Object.keys(result).length < Math.max(1, minimum); index++) result[`key${index}`] = this.value(extra, `${pointer}/additionalProperties`, depth + 1)
    }
    return result
  }

  array(schema: JsonObject, pointer: string, depth: number): unknown[] {
    const min = typeof schema.minItems === 'number' ? schema.minItems : 0
    const max = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity
    const count = depth < RICH_DEPTH ? Math.min(Math.max(min, 1), max) : min
    const prefix = Array.isArray(schema.prefixItems) ? (schema.prefixItems as unknown[]) : []
    const items: unknown[] = []
    for (let index = 0; index < Math.max(count, prefix.length > 0 ? Math.min(prefix.length, max) : 0); index++) {
      const itemSchema = index < prefix.length ? prefix[index] : schema.items
      let item = this.value(itemSchema, `${pointer}/${index < prefix.length ? `prefixItems/${index}` : 'items'}`, depth + 1)
      // uniqueItems: a few tries for a different value (an enum of one cannot give more).
      for (let tries = 0; schema.uniqueItems === true && tries < 8 && items.some((existing) => JSON.stringify(existing) === JSON.stringify(item)); tries++) {
        item = this.value(itemSchema, pointer, depth + 1)
      }
      items.push(item)
    }
    return items
  }

  string(schema: JsonObject): string {
    const { random } = this.options
    let text: string | undefined
    if (typeof schema.pattern === 'string') text = sampleFromPattern(schema.pattern, random)
    if (text === undefined && typeof schema.format === 'string') text = formatted(schema.format, random)
    if (text !== undefined) return text
    const min = typeof schema.minLength === 'number' ? schema.minLength : 0
    const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity
    text = pick(random, WORDS)
    while (text.length < min) text += 'x'
    return text.slice(0, Math.max(min, Math.min(max, text.length)))
  }

  number(schema: JsonObject, integer: boolean): number {
    const { random } = this.options
    let low = typeof schema.minimum === 'number' ? schema.minimum : undefined
    let high = typeof schema.maximum === 'number' ? schema.maximum : undefined
    const step = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : integer ? 1 : undefined
    const epsilon = step ?? 0.01
    if (typeof schema.exclusiveMinimum === 'number') low = Math.max(low ?? -Infinity, schema.exclusiveMinimum + epsilon)
    if (typeof schema.exclusiveMaximum === 'number') high = Math.min(high ?? Infinity, schema.exclusiveMaximum - epsilon)
    low ??= high !== undefined ? high - 1000 : 1
    high ??= low + 1000
    if (step !== undefined) {
      const first = Math.ceil(low / step)
      const last = Math.floor(high / step)
      return (last < first ? first : integerBetween(random, first, last)) * step
    }
    return Math.round((low + random() * (high - low)) * 100) / 100
  }
}

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet']

function formatted(format: string, random: Random): string | undefined {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0')
  const date = () => `20${pad(integerBetween(random, 10, 29))}-${pad(integerBetween(random, 1, 12))}-${pad(integerBetween(random, 1, 28))}`
  const time = () => `${pad(integerBetween(random, 0, 23))}:${pad(integerBetween(random, 0, 59))}:${pad(integerBetween(random, 0, 59))}Z`
  const hex = (length: number) => Array.from({ length }, () => pick(random, '0123456789abcdef')).join('')
  const word = () => pick(random, WORDS)
  const email = () => `${word()}@example.com`
  const uri = () => `https://example.com/${word()}`
  const hostname = () => `${word()}.example.com`
  const writers = new Map<string, () => string>([
    ['date-time', () => `${date()}T${time()}`],
    ['date', date],
    ['time', time],
    ['email', email],
    ['idn-email', email],
    ['uri', uri],
    ['url', uri],
    ['iri', uri],
    ['uri-reference', uri],
    ['iri-reference', uri],
    ['uri-template', uri],
    ['uuid', () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`],
    ['ipv4', () => `10.${integerBetween(random, 0, 255)}.${integerBetween(random, 0, 255)}.${integerBetween(random, 1, 254)}`],
    ['ipv6', () => `2001:db8::${hex(4)}`],
    ['hostname', hostname],
    ['idn-hostname', hostname],
    ['byte', () => btoa(word())],
    ['binary', word],
    ['duration', () => `P${integerBetween(random, 1, 30)}D`],
    ['regex', () => '^[a-z]+$'],
    ['json-pointer', () => `/${word()}`],
  ])
  return writers.get(format)?.()
}
