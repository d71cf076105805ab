/** A JSON-serializable body for `HttpResponse.json()`. */
export type JsonBodyType =
  | Record<string, any>
  | readonly unknown[]
  | string
  | number
  | boolean
  | null
  | undefined

/** Any body a handler may declare for its request or response. */
export type DefaultBodyType = JsonBodyType | ArrayBuffer | Blob | FormData | ReadableStream | URLSearchParams

/**
 * A Request whose `json()` resolves to the declared body type.
 *
 * @example
 * http.post<never, { title: string }>('/posts', async ({ request }) => {
 *   const { title } = await request.json() // string
 * })
 */
export interface StrictRequest<BodyType> extends Request {
  json(): Promise<BodyType>
  clone(): StrictRequest<BodyType>
}

/**
 * What `HttpResponse.json()` takes where no body type is declared: JSON
 * without the values `JSON.stringify` loses (a function, a Map, a Set, a
 * Promise, binary data: anything with `Symbol.hasInstance` or
 * `Symbol.toStringTag`). `undefined` stays allowed (msw's
 * `HttpResponse.json(await request.json())`).
 *
 * @example
 * const body: OpenJsonBody = { id: '1', tags: ['a'] }
 */
// Only the object member carries the check: a function, a Map, a Set or a
// Promise can only be that member. A union of plain members (not
// `JsonBodyType & …`, which distributes into one intersection per member) is
// what keeps checking the body of every untyped `HttpResponse.json({...})` cheap.
export type OpenJsonBody = JsonObjectBody | readonly unknown[] | string | number | boolean | null | undefined

/** A JSON object: any string keys, and neither member that marks a non-JSON value (a plain object or a class instance has neither). */
interface JsonObjectBody {
  readonly [key: string]: any
  readonly [Symbol.hasInstance]?: never
  readonly [Symbol.toStringTag]?: never
}
