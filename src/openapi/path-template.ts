const TEMPLATE_PARAM = /\{([^{}]+)\}/g

/** mocklib's path grammar names params `[A-Za-z_][A-Za-z0-9_]*`; OpenAPI allows any name (`{enterprise-team}`). */
const SAFE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * An OpenAPI path template in mocklib's path grammar, with the renamed params (predicate name → document name):
 * `/teams/{enterprise-team}` → `/teams/:enterprise_team`.
 */
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

/** Matches request paths against a template: the params by the document's names, or `undefined`. */
export function templateMatcher(template: string): (path: string) => Record<string, string> | undefined {
  const names: string[] = []
  let source = ''
  let last = 0
  for (const match of template.matchAll(TEMPLATE_PARAM)) {
    source += escapeRegExp(template.slice(last, match.index))
    source += '([^/]+?)'
    names.push(match[1]!)
    last = match.index! + match[0].length
  }
  source += escapeRegExp(template.slice(last))
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
