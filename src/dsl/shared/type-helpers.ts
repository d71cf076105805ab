declare const messageBrand: unique symbol

/** A value, or a promise of it. */
export type MaybePromise<Value> = Value | Promise<Value>

/** True when `Type` is `any`. */
export type IsAny<Type> = 0 extends 1 & Type ? true : false

/**
 * `T`, but never a place the compiler infers `T` from: what TypeScript 5.4's
 * built-in `NoInfer<T>` does, written so that 5.0 to 5.3 read it the same way
 * (they do not know `NoInfer` and would make every type it wraps `any`).
 * An indexed access whose index is a conditional on `T` stays deferred while
 * `T` is still being inferred, so inference skips it; once `T` is fixed it is
 * plain `T` again (`[T][0]`).
 *
 * @example
 * declare function reply<Body>(status: number, body: NoInference<Body>): Body
 * reply<{ id: string }>(200, { id: '1' }) // checked against the stated type
 * reply(200, { id: '1' }) // Body is not inferred from the body: unknown
 */
export type NoInference<T> = [T][T extends any ? 0 : never]

/**
 * A type that stands for a misuse of a builder (`mock`, `http`,
 * `HttpResponse`…). It is never a value you can produce, and its message is
 * what the compiler prints, for example
 * `Argument of type '0' is not assignable to parameter of type
 * '0 & MockTypeError<"times(n) needs a whole number n >= 1 …">'`.
 *
 * @example
 * // @ts-expect-error times(0) is a MockTypeError
 * mock.get('/posts').reply(200).times(0)
 */
export interface MockTypeError<Message extends string> {
  readonly [messageBrand]: Message
}
