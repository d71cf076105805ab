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
 * What `HttpResponse.json()` takes for a body type. Where the body type is
 * open (`JsonBodyType`, `any`, `unknown`: no declared body), the values the
 * runtime refuses are rejected where the type shows them: a function, a Map,
 * a Set, a Promise, binary data (anything with `Symbol.hasInstance` or
 * `Symbol.toStringTag`). A declared body type is taken as it is: it already
 * refuses them, and checking it costs nothing extra per handler. `undefined`
 * stays allowed where the body type has it (msw's
 * `HttpResponse.json(await request.json())`). Not inferred from (`NoInfer`):
 * a declared body type is checked strictly, as in msw 2.
 *
 * @example
 * HttpResponse.json(new Map()) // error: Map has Symbol.toStringTag
 */
export type JsonArgument<BodyType> = NoInfer<JsonBodyType extends BodyType ? OpenJsonBody : BodyType>

/** An open JSON body without the values `JSON.stringify` loses (computed once). */
type OpenJsonBody = (JsonBodyType & SerializableAsJson) | undefined

/** Only the members that mark a non-JSON value; a plain object or a class instance has neither. */
interface SerializableAsJson {
  readonly [Symbol.hasInstance]?: never
  readonly [Symbol.toStringTag]?: never
}
