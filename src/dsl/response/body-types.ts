import type { NoInference } from '../shared/no-inference-types.js'

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
 * `HttpResponse.json(await request.json())`). Not inferred from (`NoInference`):
 * a declared body type is checked strictly, as in msw 2.
 *
 * @example
 * HttpResponse.json(new Map()) // error: Map has Symbol.toStringTag
 */
export type JsonArgument<BodyType> = NoInference<JsonBodyType extends BodyType ? OpenJsonBody : BodyType>

declare const undeclaredBody: unique symbol

/**
 * The body type of `HttpResponse.json()` when nothing declares one: no type
 * argument, and no typed place (a handler's declared response body, a
 * variable's type) that the call's result goes to.
 *
 * @example
 * type Open = JsonParameter<UndeclaredBody, { id: string }> // { id: string }: taken from the call
 */
export interface UndeclaredBody {
  readonly [undeclaredBody]: true
}

/**
 * What `HttpResponse.json()` takes: the declared body type, checked strictly
 * (`JsonArgument`), or, where none is declared, the argument's own type,
 * which `Inferred` captures from the call so that the response keeps the
 * object's shape.
 *
 * @example
 * type Declared = JsonParameter<{ id: string }, never> // { id: string }
 */
export type JsonParameter<Declared, Inferred> = [Declared] extends [UndeclaredBody] ? Inferred : JsonArgument<Declared>

/**
 * The body type of the response `HttpResponse.json()` returns: the declared
 * one, or the argument's own type.
 *
 * @example
 * type Shape = JsonResult<UndeclaredBody, { id: string }> // { id: string }
 */
export type JsonResult<Declared, Inferred> = [Declared] extends [UndeclaredBody] ? Inferred : Declared

/**
 * An open JSON body without the values `JSON.stringify` loses (computed once).
 *
 * @example
 * const body: OpenJsonBody = { id: '1', tags: ['a'] }
 * Only the object member carries the check: a function, a Map, a Set or a
 * Promise can only be that member. A union of plain members (not
 * `JsonBodyType & …`, which distributes into one intersection per member) is
 * what keeps checking the body of every untyped `HttpResponse.json({...})` cheap.
 */
export type OpenJsonBody = JsonObjectBody | readonly unknown[] | string | number | boolean | null | undefined

/** A JSON object: any string keys, and neither member that marks a non-JSON value (a plain object or a class instance has neither). */
interface JsonObjectBody {
  readonly [key: string]: any
  readonly [Symbol.hasInstance]?: never
  readonly [Symbol.toStringTag]?: never
}
