import { message, type RequestContext } from '../../kernel/index.js'
import { checkPath, compilePath } from './path-pattern.js'

/** What a custom predicate function receives. */
export interface HttpPredicateInfo {
  readonly request: Request
  readonly cookies: Record<string, string>
}

/**
 * How a REST handler selects requests: a path or URL pattern, a RegExp tested
 * against the full URL (named groups become params), or a function.
 */
export type HttpPredicate = string | RegExp | ((info: HttpPredicateInfo) => boolean)

/** A predicate compiled once at handler creation. */
export interface CompiledPredicate {
  readonly staticPrefix: string
  match(context: RequestContext): Record<string, string> | undefined
}

/**
 * Checks a predicate without compiling it (cheap, at handler creation): throws
 * what `compilePredicate` would throw. Compile later with `checked = true`.
 */
export function checkPredicate(predicate: HttpPredicate, label: string): void {
  if (typeof predicate === 'string') checkPath(predicate, label)
  else if (!(predicate instanceof RegExp) && typeof predicate !== 'function') compilePredicate(predicate, label)
}

/** Compiles any predicate form; throws a TypeError naming `label` on bad input. */
export function compilePredicate(predicate: HttpPredicate, label: string, checked = false): CompiledPredicate {
  if (typeof predicate === 'string') return compilePath(predicate, label, checked)
  if (predicate instanceof RegExp) return compileRegExp(predicate)
  if (typeof predicate === 'function') {
    return {
      staticPrefix: '',
      match: (context) => (predicate({ request: context.request, cookies: context.cookies }) === true ? (Object.create(null) as Record<string, string>) : undefined),
    }
  }
  throw new TypeError(
    message(
      `${label} expects a path (string), a RegExp or a predicate function as its first argument, but got ${predicate === null ? 'null' : typeof predicate}.`,
      'For example: http.get("/posts/:id", resolver).',
    ),
  )
}

function compileRegExp(source: RegExp): CompiledPredicate {
  // A global or sticky RegExp keeps state between calls; a private copy does not.
  const regexp = new RegExp(source.source, source.flags.replace(/[gy]/g, ''))
  return {
    staticPrefix: '',
    match(context) {
      const found = regexp.exec(context.request.url)
      if (found === null) return undefined
      // A null-prototype copy: a group named `__proto__` stays a plain key.
      return Object.assign(Object.create(null) as Record<string, string>, found.groups)
    },
  }
}
