/**
 * graphql-multipart-request-spec: `map` names, per file field, the paths (`variables.file`,
 * `0.variables.files.1`) the file goes to. Returns an error text when it does not fit.
 */
export function applyUploadMap(operations: unknown, map: unknown, form: FormData): string | undefined {
  if (map === undefined || map === null) return undefined
  if (typeof map !== 'object' || Array.isArray(map)) return 'the "map" field must be a JSON object of file field name to object paths.'
  for (const [field, paths] of Object.entries(map)) {
    const file = form.get(field)
    if (file === null) return `the "map" field names the file field "${field}", which the form does not have.`
    if (!Array.isArray(paths)) return `the "map" entry for "${field}" must be an array of object paths.`
    for (const path of paths) {
      if (typeof path !== 'string' || !setAtPath(operations, path.split('.'), file)) {
        return `the "map" path ${JSON.stringify(path)} for "${field}" does not point into the operations.`
      }
    }
  }
  return undefined
}

// Refused anywhere in a path: `variables.__proto__.x` pollutes as surely as `__proto__.x`.
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

// Own properties of plain objects and arrays only, written with `defineProperty`: no key reaches a prototype or a setter.
function setAtPath(target: unknown, keys: readonly string[], value: unknown): boolean {
  if (keys.length === 0 || keys.some((key) => PROTOTYPE_KEYS.has(key))) return false
  let node = target
  for (let i = 0; i < keys.length - 1; i++) {
    if (!isContainer(node) || !ownSlot(node, keys[i]!)) return false
    node = (node as Record<string, unknown>)[keys[i]!]
  }
  const last = keys[keys.length - 1]!
  if (!isContainer(node)) return false
  // Arrays take only their existing indexes: the spec puts a `null` placeholder where each file goes.
  if (Array.isArray(node) && !ownSlot(node, last)) return false
  Object.defineProperty(node, last, { value, writable: true, enumerable: true, configurable: true })
  return true
}

function isContainer(node: unknown): node is object {
  if (typeof node !== 'object' || node === null) return false
  const prototype = Object.getPrototypeOf(node)
  return Array.isArray(node) || prototype === Object.prototype || prototype === null
}

function ownSlot(node: object, key: string): boolean {
  if (Array.isArray(node)) return /^(?:0|[1-9]\d*)$/.test(key) && Number(key) < node.length
  return Object.hasOwn(node, key)
}
