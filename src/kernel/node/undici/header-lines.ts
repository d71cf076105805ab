/**
 * Header lines of undici's `opts.headers`, which may be a record, a flat array, pairs, or an iterable.
 * Read by the global dispatcher on every dispatch, before anything else loads.
 *
 * @example
 * headerLines({ accept: 'text/html', 'x-id': ['1', '2'] }) // [['accept', 'text/html'], ['x-id', '1'], ['x-id', '2']]
 */
export function headerLines(headers: unknown): Array<[string, string]> {
  const lines: Array<[string, string]> = []
  if (headers == null) return lines
  const add = (name: unknown, value: unknown) => {
    if (value === undefined || value === null) return
    if (Array.isArray(value)) for (const item of value) lines.push([String(name), String(item)])
    else lines.push([String(name), String(value)])
  }
  if (Array.isArray(headers)) {
    if (headers.length > 0 && Array.isArray(headers[0])) for (const [name, value] of headers as unknown[][]) add(name, value)
    else for (let index = 0; index < headers.length; index += 2) add(headers[index], headers[index + 1])
    return lines
  }
  if (typeof (headers as Iterable<unknown>)[Symbol.iterator] === 'function') {
    for (const [name, value] of headers as Iterable<[unknown, unknown]>) add(name, value)
    return lines
  }
  for (const name of Object.keys(headers as object)) add(name, (headers as Record<string, unknown>)[name])
  return lines
}
