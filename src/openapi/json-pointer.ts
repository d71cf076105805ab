/** Decodes one JSON pointer token (`~1` is `/`, `~0` is `~`). */
function decodeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~')
}

/**
 * Encodes one JSON pointer token.
 *
 * @example
 * encodePointerToken('/pets/{petId}') // '~1pets~1{petId}'
 */
export function encodePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1')
}

/**
 * Reads the value at `pointer` (`#/components/schemas/Pet` or `/components/...`)
 * in `root`; `undefined` when a step is missing.
 *
 * @example
 * readPointer(document, '#/components/schemas/Pet')
 */
export function readPointer(root: unknown, pointer: string): unknown {
  const path = pointer.startsWith('#') ? pointer.slice(1) : pointer
  if (path === '' || path === '/') return path === '' ? root : (root as Record<string, unknown>)['']
  let node = root
  for (const raw of path.slice(1).split('/')) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[decodeURIComponent(decodeToken(raw))]
  }
  return node
}
