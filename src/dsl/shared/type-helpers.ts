declare const messageBrand: unique symbol

/** A value, or a promise of it. */
export type MaybePromise<Value> = Value | Promise<Value>

/** True when `Type` is `any`. */
export type IsAny<Type> = 0 extends 1 & Type ? true : false

/**
 * `T`, but never a place `T` is inferred from: TypeScript 5.4's `NoInfer<T>`. TypeScript 5.0 to 5.3 read the
 * declarations in `dist/ts5.0/` (scripts/types-before-5.4.mjs), where it is `[T][T extends any ? 0 : never]`: the
 * conditional index stays deferred while `T` is inferred; once `T` is fixed it is `[T][0]`.
 *
 * @example
 * declare function reply<Body>(status: number, body: NoInference<Body>): Body
 * reply<{ id: string }>(200, { id: '1' }) // checked against the stated type
 * reply(200, { id: '1' }) // Body is not inferred from the body: unknown
 */
export type NoInference<T> = NoInfer<T>

/**
 * A misuse of a builder (`mock`, `http`, `HttpResponse`…): never a value you can produce, and its message is
 * what the compiler prints (`… not assignable to parameter of type '0 & MockTypeError<"times(n) needs …">'`).
 *
 * @example
 * // @ts-expect-error times(0) is a MockTypeError
 * mock.get('/posts').reply(200).times(0)
 */
export interface MockTypeError<Message extends string> {
  readonly [messageBrand]: Message
}
