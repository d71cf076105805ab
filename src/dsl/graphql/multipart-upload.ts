/**
 * Puts the files of a graphql-multipart-request (https://github.com/jaydenseric/graphql-multipart-request-spec)
 * into its operations: `map` says, for each file field of the form, the object
 * paths (`variables.file`, or `0.variables.files.1` in a batch) the file goes to.
 * Returns an error text when the map does not fit the operations.
 *
 * @example
 * applyUploadMap({ variables: { file: null } }, { 0: ['variables.file'] }, form) // undefined: the file is in place
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

function setAtPath(target: unknown, keys: readonly string[], value: unknown): boolean {
  let node = target
  for (let i = 0; i < keys.length - 1; i++) {
    if (typeof node !== 'object' || node === null) return false
    node = (node as Record<string, unknown>)[keys[i]!]
  }
  const last = keys[keys.length - 1]
  if (typeof node !== 'object' || node === null || last === undefined) return false
  // The spec sends `null` placeholders where files go; refuse to create arbitrary keys on prototypes.
  if (last === '__proto__' || last === 'constructor' || last === 'prototype') return false
  ;(node as Record<string, unknown>)[last] = value
  return true
}
