export function encodePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1')
}

/** `#/components/schemas/Pet` or `/components/...`; `undefined` when a step is missing. */
export function readPointer(root: unknown, pointer: string): unknown {
  const path = pointer.startsWith('#') ? pointer.slice(1) : pointer
  if (path === '') return root
  let node = root
  for (const token of path.slice(1).split('/')) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[decodeURIComponent(token.replace(/~1/g, '/').replace(/~0/g, '~'))]
  }
  return node
}
