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
 * What `HttpResponse.json()` takes for a body type: the body type, with the
 * values the runtime refuses (they would serialize to `{}` or nothing)
 * rejected where the type shows them: a function, a Map, a Set, a Promise,
 * binary data (anything with `Symbol.hasInstance` or `Symbol.toStringTag`).
 * `undefined` stays allowed where the body type has it (msw's
 * `HttpResponse.json(await request.json())`). Not inferred from (`NoInfer`).
 *
 * @example
 * HttpResponse.json(new Map()) // error: Map has Symbol.toStringTag
 */
// NoInfer here (the body never chooses its own type: a declared one is checked strictly, as in msw 2).
export type JsonArgument<BodyType> = NoInfer<(BodyType & SerializableAsJson) | Extract<BodyType, undefined>>

/** Only the members that mark a non-JSON value; a plain object or a class instance has neither. */
interface SerializableAsJson {
  readonly [Symbol.hasInstance]?: never
  readonly [Symbol.toStringTag]?: never
}
