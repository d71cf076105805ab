import { isJsonObject, type JsonObject, type OpenApiDocument } from './document.js'
import { readPointer } from './json-pointer.js'
import { nodeModules, readFileDocument, readSource, type OpenApiSource } from './read-source.js'

/** Where the files that relative `$ref`s name are kept in the prepared tree. */
const BUNDLED_FILES = 'x-mocklib-files'

// Keys whose object value maps names to things (schemas, headers...): its keys are names, never keywords.
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'paths', 'headers', 'content', 'responses', 'schemas', 'requestBodies', 'securitySchemes', 'links', 'callbacks', 'webhooks'])
// Kept as non-enumerable properties so that the validator does not walk them as schemas (example data
// may hold `id` fields, which JSON Schema validators read as schema ids).
const ANNOTATIONS = new Set(['example', 'examples', 'xml', 'externalDocs', 'discriminator'])

interface CopyContext {
  readonly file: string | undefined
  readonly fileIndex: number | undefined
  /** Inside `example`/`examples`: a `$ref` there is data, not a reference. */
  readonly annotation?: boolean
}

/**
 * A copy of the document ready for generation and validation: relative-file `$ref`s bundled into the tree,
 * OpenAPI 3.0 schema keywords (`nullable`, boolean `exclusiveMinimum`) in JSON Schema 2020-12 terms, and
 * `readOnly`/`writeOnly` properties no longer required (each applies to one direction only).
 */
export async function prepareDocument(source: OpenApiSource): Promise<{ readonly document: OpenApiDocument }> {
  const { root, file } = await readSource(source)
  const version = (root.openapi as string).startsWith('3.0') ? '3.0' : '3.1'
  const files = new Map<string, number>()
  const pending: { path: string; index: number; ref: string; from: string | undefined }[] = []
  const bundled: JsonObject = {}

  // Checked once the files are in: the rewritten `$ref` → as written, and where.
  const references = new Map<string, { ref: string; file: string | undefined }>()
  const rewriteRef = (ref: string, context: CopyContext): string => {
    const rewritten = bundleRef(ref, context)
    if (!context.annotation && rewritten.startsWith('#/') && !references.has(rewritten)) references.set(rewritten, { ref, file: context.file })
    return rewritten
  }
  const bundleRef = (ref: string, context: CopyContext): string => {
    const hash = ref.indexOf('#')
    const target = hash === -1 ? ref : ref.slice(0, hash)
    const fragment = hash === -1 ? '' : ref.slice(hash + 1)
    if (target === '') return context.fileIndex === undefined ? ref : `#/${BUNDLED_FILES}/${context.fileIndex}${fragment}`
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
      throw new Error(`[mocklib] The $ref "${ref}" points to a URL; only references inside the document or to files next to it are supported. Download the referenced document and refer to the file.`)
    }
    const node = nodeModules()
    if (node === undefined) throw new Error(`[mocklib] The $ref "${ref}" names a file: reading files needs Node. Bundle the document into one first.`)
    const path = node.path.resolve(context.file ? node.path.dirname(context.file) : '.', decodeURI(target))
    if (path === file) return `#${fragment}`
    let index = files.get(path)
    if (index === undefined) {
      index = files.size
      files.set(path, index)
      pending.push({ path, index, ref, from: context.file })
    }
    return `#/${BUNDLED_FILES}/${index}${fragment}`
  }

  const copy = (node: unknown, context: CopyContext, parentKey: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => copy(item, context, ''))
    if (!isJsonObject(node)) return node
    const names = NAME_MAPS.has(parentKey)
    const result: JsonObject = {}
    for (const key of Object.keys(node)) {
      const value = node[key]
      if (key === '$ref' && typeof value === 'string' && !names) result[key] = rewriteRef(value, context)
      else if (!names && ANNOTATIONS.has(key) && !(key === 'examples' && Array.isArray(value))) {
        Object.defineProperty(result, key, { value: copy(value, context.annotation ? context : { ...context, annotation: true }, key), enumerable: false, writable: true, configurable: true })
      } else result[key] = copy(value, context, names ? '' : key) // a name (a property called "content") is no keyword
    }
    return names ? result : normalizeSchemaKeywords(result, version)
  }

  const document = copy(root, { file, fileIndex: undefined }, '') as JsonObject
  while (pending.length > 0) {
    const { path, index, ref, from } = pending.shift()!
    bundled[index] = copy(await readReferencedFile(path, ref, from), { file: path, fileIndex: index }, '')
  }
  if (files.size > 0) Object.defineProperty(document, BUNDLED_FILES, { value: bundled, enumerable: false })
  for (const [rewritten, { ref, file: from }] of references) {
    if (resolves(document, rewritten)) continue
    // Found now, not when a request reaches it: a validator would fail there with its own words, and a generator would answer nothing useful.
    const where = from === undefined ? 'the document' : `"${from}"`
    throw new Error(`[mocklib] The $ref "${ref}" in ${where} points to nothing: no value is at that location. Fix the reference, or add what it names.`)
  }
  return { document: document as OpenApiDocument }
}

/** A pointer that cannot even be decoded is left to the validator. */
function resolves(document: JsonObject, pointer: string): boolean {
  try {
    return readPointer(document, pointer) !== undefined
  } catch {
    return true
  }
}

/** The error names the `$ref` and where it was written: the path alone does not say which reference is wrong. */
async function readReferencedFile(path: string, ref: string, from: string | undefined): Promise<unknown> {
  try {
    return await readFileDocument(path)
  } catch (error) {
    const reason = (error as Error).message.replace(/^\[mocklib\] /, '')
    if (from !== undefined) throw new Error(`[mocklib] The $ref "${ref}" in "${from}" could not be followed: ${reason}`)
    throw new Error(
      `[mocklib] The $ref "${ref}" (in a document given as an object or as text) could not be followed: ${reason} ` +
        'Such a document has no folder of its own, so its relative $refs start from the working directory: pass the document as a file path instead, so that they start from its folder.',
    )
  }
}

/** OpenAPI's schema dialect in JSON Schema 2020-12 terms; returns the node to use. */
function normalizeSchemaKeywords(node: JsonObject, version: '3.0' | '3.1'): JsonObject {
  if (Array.isArray(node.required) && isJsonObject(node.properties)) {
    const properties = node.properties
    node.required = node.required.filter((name) => {
      const property = properties[name as string]
      return !(isJsonObject(property) && (property.readOnly === true || property.writeOnly === true))
    })
  }
  if (version !== '3.0') return node
  for (const bound of ['Minimum', 'Maximum'] as const) {
    const exclusive = node[`exclusive${bound}`]
    if (typeof exclusive !== 'boolean') continue
    if (exclusive && typeof node[bound.toLowerCase()] === 'number') {
      node[`exclusive${bound}`] = node[bound.toLowerCase()]
      delete node[bound.toLowerCase()]
    } else delete node[`exclusive${bound}`]
  }
  if (node.nullable !== true) {
    if (typeof node.nullable === 'boolean') delete node.nullable
    return node
  }
  delete node.nullable
  if (Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...node.enum, null]
  if (typeof node.type === 'string' && node.$ref === undefined) {
    node.type = [node.type, 'null']
    return node
  }
  // No single type to widen (a $ref, allOf, oneOf...): either the schema or null.
  return { anyOf: [node, { type: 'null' }] }
}
