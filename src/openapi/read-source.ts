import { isJsonObject, type JsonObject } from './document.js'

/**
 * What `fromOpenApi` and `contract` accept: the document itself, its JSON or YAML text, or (Node) a file path.
 *
 * @example
 * const source: OpenApiSource = './petstore.yaml'
 */
export type OpenApiSource = object | string

type NodeFs = { readFileSync(path: string, encoding: 'utf8'): string }
type NodePath = { resolve(...paths: string[]): string; dirname(path: string): string }

/** Never a static import: the entry also runs in browsers. */
export function nodeModules(): { fs: NodeFs; path: NodePath } | undefined {
  const get = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule
  if (typeof get !== 'function') return undefined
  return { fs: get('node:fs') as NodeFs, path: get('node:path') as NodePath }
}

async function parseText(text: string, origin: string): Promise<unknown> {
  const json = /^\s*[{[]/.test(text)
  const yaml = json ? undefined : await import('yaml')
  try {
    return yaml === undefined ? JSON.parse(text) : yaml.parse(text, { maxAliasCount: 10_000 })
  } catch (error) {
    throw new Error(`[mocklib] ${origin} is not valid ${json ? 'JSON' : 'YAML'}: ${(error as Error).message}. Fix the document, or pass it as an object.`)
  }
}

export async function readFileDocument(file: string): Promise<unknown> {
  const node = nodeModules()
  if (node === undefined) throw new Error(`[mocklib] Cannot read "${file}": reading files needs Node. Pass the document as an object or as JSON/YAML text instead.`)
  let text: string
  try {
    text = node.fs.readFileSync(file, 'utf8')
  } catch (error) {
    throw new Error(`[mocklib] Cannot read the OpenAPI document "${file}": ${(error as Error).message}. Check the path (relative paths start from ${node.path.resolve('.')}).`)
  }
  return parseText(text, file)
}

function isDocumentText(text: string): boolean {
  return text.includes('\n') || /^\s*[{[]/.test(text) || /^\s*(openapi|swagger)\s*:/.test(text)
}

/** `file`: where relative `$ref`s start. */
export async function readSource(source: OpenApiSource): Promise<{ readonly root: JsonObject; readonly file: string | undefined }> {
  let root: unknown
  let file: string | undefined
  if (typeof source === 'string') {
    if (isDocumentText(source)) root = await parseText(source, 'The OpenAPI text')
    else {
      file = nodeModules()?.path.resolve(source) ?? source
      root = await readFileDocument(file)
    }
  } else root = source
  if (!isJsonObject(root) || typeof root.openapi !== 'string') {
    const what = file ? `"${file}"` : 'The document'
    throw new Error(`[mocklib] ${what} is not an OpenAPI 3 document (no "openapi" version field). Pass an OpenAPI 3.0 or 3.1 document (Swagger 2.0 must be converted first).`)
  }
  if (!/^3\.[01]\./.test(root.openapi)) {
    throw new Error(`[mocklib] OpenAPI ${root.openapi} is not supported: mocklib reads OpenAPI 3.0 and 3.1 documents. Convert the document first.`)
  }
  return { root, file }
}
