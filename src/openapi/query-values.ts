/**
 * A URL's query as an object: a parameter given once is a string, one the
 * request repeats (`?tag=a&tag=b`) an array of its values in order.
 *
 * @example
 * queryValues(new URLSearchParams('limit=10&tag=a&tag=b')) // { limit: '10', tag: ['a', 'b'] }
 */
export function queryValues(search: URLSearchParams): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = Object.create(null)
  for (const [name, value] of search) {
    const seen = values[name]
    values[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value]
  }
  return values
}
