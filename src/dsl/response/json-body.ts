import { message } from '../../kernel/errors.js'

/**
 * Throws for a value `JSON.stringify` would silently turn into `{}` or drop
 * (a function, a Map, a Set, a Promise, binary data): the resolver's bug then
 * shows as a 500 naming it instead of an empty body. Only the top-level value
 * is checked, so plain bodies cost one prototype read.
 *
 * @example
 * assertJsonBody({ id: '1' }) // fine
 * assertJsonBody(new Map())   // throws "[mocklib] HttpResponse.json() got a Map…"
 */
export function assertJsonBody(body: unknown): void {
  if (typeof body === 'function') {
    throw new TypeError(message('HttpResponse.json() got a function, which JSON.stringify drops.', 'Call it and pass its result, or pass a plain object.'))
  }
  if (typeof body !== 'object' || body === null) return
  const prototype = Object.getPrototypeOf(body)
  if (prototype === Object.prototype || prototype === Array.prototype || prototype === null) return
  const refused = refusedKind(body)
  if (refused) throw new TypeError(message(`HttpResponse.json() got ${refused[0]}, which JSON.stringify turns into "{}".`, refused[1]))
}

function refusedKind(body: object): readonly [string, string] | undefined {
  if (body instanceof Map) return ['a Map', 'Pass a plain object: HttpResponse.json(Object.fromEntries(map)).']
  if (body instanceof Set) return ['a Set', 'Pass an array: HttpResponse.json([...set]).']
  if (body instanceof WeakMap || body instanceof WeakSet) return ['a WeakMap or WeakSet', 'Pass a plain object or array.']
  if (body instanceof Promise) return ['a Promise', 'Await it first: HttpResponse.json(await value).']
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return ['binary data', 'Use HttpResponse.arrayBuffer() for a binary body.']
  return undefined
}
