const TEMPLATE_PARAM = /\{([^{}]+)\}/g

/** mocklib's path grammar; OpenAPI allows any name (`{enterprise-team}`). */
const SAFE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

/** `/teams/{enterprise-team}` → `/teams/:enterprise_team`, with the renamed params (mocklib's name → the document's). */
export function toPredicatePath(template: string): { readonly path: string; readonly renamed: ReadonlyMap<string, string> } {
  const renamed = new Map<string, string>()
  const used = new Set<string>()
  const path = template.replace(TEMPLATE_PARAM, (_whole, name: string) => {
    let safe = SAFE_NAME.test(name) ? name : name.replace(/[^A-Za-z0-9_]/g, '_').replace(/^(?=[0-9])/, '_')
    while (used.has(safe)) safe += '_'
    used.add(safe)
    if (safe !== name) renamed.set(safe, name)
    return `:${safe}`
  })
  return { path, renamed }
}

/** The params of a path by the document's names, or `undefined` when the template does not match it. */
export function templateMatcher(template: string): (path: string) => Record<string, string> | undefined {
  // Split at its params, the template alternates literal text and param names.
  const parts = template.split(TEMPLATE_PARAM)
  const names = parts.filter((_part, index) => index % 2 === 1)
  const source = parts.map((part, index) => (index % 2 === 0 ? escapeRegExp(part) : '([^/]+?)')).join('')
  const pattern = new RegExp(`^${source}/?$`)
  return (path) => {
    const found = pattern.exec(path)
    if (found === null) return undefined
    const params: Record<string, string> = Object.create(null)
    names.forEach((name, index) => (params[name] = safeDecode(found[index + 1]!)))
    return params
  }
}

/** A literal segment beats a param at the first segment where two differ: `/pets/mine` before `/pets/{petId}`. */
export function bySpecificity(a: string, b: string): number {
  const left = a.split('/')
  const right = b.split('/')
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const leftParam = left[index]!.includes('{')
    const rightParam = right[index]!.includes('{')
    if (leftParam !== rightParam) return leftParam ? 1 : -1
  }
  return 0
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
