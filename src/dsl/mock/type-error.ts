declare const messageBrand: unique symbol
declare const unsetBrand: unique symbol

/**
 * A type that stands for a misuse of the `mock` builder. It is never a value
 * you can produce, and its message is what the compiler prints, for example
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

/**
 * A method that must not be called here. Calling it is a type error whose text
 * carries the sentence: "The 'this' context of type 'RestMock<…>' is not
 * assignable to method's 'this' of type 'MockTypeError<"This mock already has
 * an answer…">'" (instead of "has no call signatures").
 *
 * @example
 * // @ts-expect-error This mock already has an answer …
 * mock.get('/a').reply(200).reply(201)
 */
export interface MisuseCall<Message extends string> extends MockTypeError<Message> {
  (this: MockTypeError<Message>, ...args: readonly unknown[]): never
}

/**
 * Builder state: "this type was not declared yet". A body type stays `Unset`
 * until `.body<Type>()` (request) or `.reply<Type>(…)` (response) declares it.
 *
 * @example
 * type Declared = Resolved<Unset, unknown> // unknown
 */
export interface Unset {
  readonly [unsetBrand]: true
}

/**
 * The declared type, or `Fallback` while it is still `Unset`.
 *
 * @example
 * type A = Resolved<{ id: string }, unknown> // { id: string }
 */
export type Resolved<Type, Fallback> = [Type] extends [Unset] ? Fallback : Type
