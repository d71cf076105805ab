import type { MockTypeError } from '../shared/type-helpers.js'

// Kept here too: the mock builder's own type errors are written in it.
export type { MockTypeError }

declare const unsetBrand: unique symbol

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

declare const limitBrand: unique symbol

/**
 * Type-only mark of a mock whose usage limit is set (`times(n)`, `once()` or
 * `persist()` was called): another limit modifier is then a type error.
 *
 * @example
 * const once: RestMock<{}> & LimitSet = mock.get('/a').reply(200).once()
 */
export interface LimitSet {
  readonly [limitBrand]: true
}

/**
 * The `this` of a limit modifier: the mock itself, or, once a limit is set, a
 * `MockTypeError` that the compiler prints ("The 'this' context of type … is
 * not assignable to method's 'this' of type 'MockTypeError<"A mock has one
 * usage limit …">'").
 *
 * @example
 * // @ts-expect-error A mock has one usage limit
 * mock.get('/a').reply(200).once().persist()
 */
export type OneLimit<Self> = Self extends LimitSet
  ? MockTypeError<'A mock has one usage limit: times(n), once() or persist() was already called on it. Keep only one of them (the default is persist()).'>
  : Self
