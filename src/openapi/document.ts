export type JsonObject = Record<string, unknown>

/**
 * An OpenAPI 3.0 or 3.1 document as `fromOpenApi` and `contract` read it (only what they use is typed).
 *
 * @example
 * const document: OpenApiDocument = { openapi: '3.1.0', paths: { '/pets': { get: { responses: { 200: { description: 'ok' } } } } } }
 */
export interface OpenApiDocument {
  readonly openapi: string
  readonly servers?: readonly { readonly url: string; readonly variables?: Record<string, { readonly default?: string }> }[]
  readonly paths?: Record<string, JsonObject>
  readonly components?: JsonObject
  readonly [key: string]: unknown
}

export const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

export type OperationMethod = (typeof OPERATION_METHODS)[number]

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
