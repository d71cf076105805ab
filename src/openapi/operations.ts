import { isJsonObject, OPERATION_METHODS, type JsonObject, type OpenApiDocument, type OperationMethod } from './document.js'
import { encodePointerToken, readPointer } from './json-pointer.js'

export interface OperationParameter {
  readonly name: string
  readonly in: 'path' | 'query' | 'header' | 'cookie'
  readonly required: boolean
  readonly schemaPointer: string | undefined
  readonly style: string | undefined
  readonly explode: boolean | undefined
  /** JSON pointer to the parameter, for messages. */
  readonly pointer: string
}

export interface OperationEntry {
  readonly method: OperationMethod
  /** As the document writes it: `/pets/{petId}`. */
  readonly template: string
  readonly operationId: string | undefined
  /** How messages name it: the `operationId`, else `GET /pets/{petId}`. */
  readonly label: string
  /** JSON pointer to the operation object: `#/paths/~1pets~1{petId}/get`. */
  readonly pointer: string
  readonly operation: JsonObject
  /** Path-level and operation-level parameters (the operation's win). */
  readonly parameters: readonly OperationParameter[]
}

/** Follows `$ref`s to a value that is none, and the pointer it was read at (`undefined` when one dangles or loops). */
export function followRef(document: OpenApiDocument, value: unknown, pointer: string): { value: unknown; pointer: string } {
  let current = value
  let at = pointer
  for (let hops = 0; isJsonObject(current) && typeof current.$ref === 'string'; hops++) {
    if (hops > 32) return { value: undefined, pointer: at }
    at = current.$ref
    current = readPointer(document, at)
  }
  return { value: current, pointer: at }
}

export function listOperations(document: OpenApiDocument): OperationEntry[] {
  const entries: OperationEntry[] = []
  for (const [template, rawItem] of Object.entries(document.paths ?? {})) {
    const itemPointer = `#/paths/${encodePointerToken(template)}`
    const { value: item, pointer: itemAt } = followRef(document, rawItem, itemPointer)
    if (!isJsonObject(item)) continue
    const shared = readParameters(document, item.parameters, `${itemAt}/parameters`)
    for (const method of OPERATION_METHODS) {
      const operation = item[method]
      if (!isJsonObject(operation)) continue
      const pointer = `${itemAt}/${method}`
      const own = readParameters(document, operation.parameters, `${pointer}/parameters`)
      const key = (parameter: OperationParameter) => `${parameter.in}:${parameter.name.toLowerCase()}`
      const ownKeys = new Set(own.map(key))
      const operationId = typeof operation.operationId === 'string' ? operation.operationId : undefined
      entries.push({
        method,
        template,
        operationId,
        label: operationId ?? `${method.toUpperCase()} ${template}`,
        pointer,
        operation,
        parameters: [...shared.filter((parameter) => !ownKeys.has(key(parameter))), ...own],
      })
    }
  }
  return entries
}

function readParameters(document: OpenApiDocument, list: unknown, pointer: string): OperationParameter[] {
  if (!Array.isArray(list)) return []
  const parameters: OperationParameter[] = []
  list.forEach((raw, index) => {
    const { value, pointer: at } = followRef(document, raw, `${pointer}/${index}`)
    if (!isJsonObject(value) || typeof value.name !== 'string') return
    const place = value.in
    if (place !== 'path' && place !== 'query' && place !== 'header' && place !== 'cookie') return
    parameters.push({
      name: value.name,
      in: place,
      required: value.required === true || place === 'path',
      schemaPointer: isJsonObject(value.schema) ? `${at}/schema` : undefined,
      style: typeof value.style === 'string' ? value.style : undefined,
      explode: typeof value.explode === 'boolean' ? value.explode : undefined,
      pointer: at,
    })
  })
  return parameters
}
