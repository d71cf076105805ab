import type { OperationParameter } from './operations.js'

/** The character a non-exploded query array is written with, by `style`. */
const DELIMITERS: Readonly<Record<string, string>> = { form: ',', spaceDelimited: ' ', pipeDelimited: '|' }

/**
 * Whether a query parameter's values arrive as one delimited text
 * (`?tags=a,b`, `?tags=a|b`) rather than repeated (`?tags=a&tags=b`). OpenAPI
 * defaults `explode` to true for `form` (the query's default style) and to
 * false for every other style.
 *
 * @example
 * isDelimited({ style: 'pipeDelimited', explode: undefined }) // true
 */
export function isDelimited(parameter: Pick<OperationParameter, 'style' | 'explode'>): boolean {
  const exploded = parameter.explode ?? (parameter.style === undefined || parameter.style === 'form')
  return !exploded
}

/**
 * The texts of a query parameter as its style writes them: each occurrence
 * when exploded, else the occurrences split at the style's delimiter (`,`
 * for form, a space for spaceDelimited, `|` for pipeDelimited). `undefined`
 * when the URL does not carry the parameter.
 *
 * @example
 * queryTexts({ name: 'tags', style: 'pipeDelimited', explode: false }, new URLSearchParams('tags=a|b')) // ['a', 'b']
 */
export function queryTexts(parameter: Pick<OperationParameter, 'name' | 'style' | 'explode'>, search: URLSearchParams): string[] | undefined {
  const values = search.getAll(parameter.name)
  if (values.length === 0) return undefined
  if (!isDelimited(parameter)) return values
  const delimiter = DELIMITERS[parameter.style ?? 'form'] ?? ','
  return values.flatMap((value) => (value === '' ? [] : value.split(delimiter)))
}
