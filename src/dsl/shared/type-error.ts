declare const messageBrand: unique symbol

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
