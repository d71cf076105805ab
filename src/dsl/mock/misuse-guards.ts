import { message } from '../../kernel/index.js'
import { ANSWER_NAMES, stepNamesOf, type AnswerName, type MockKind, type StepsOf } from './step-table.js'
import type { MockTypeError } from '../shared/type-helpers.js'

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

/** The type-only key of a mock's limit state (`LimitState`). @internal */
export declare const limitBrand: unique symbol

/**
 * Type-only mark of a mock whose usage limit is set (`times(n)`, `once()` or
 * `persist()` was called): another limit modifier is then a type error.
 *
 * @example
 * const once: LimitSet = mock.get('/a').reply(200).once()
 */
export interface LimitSet {
  readonly [limitBrand]: true
}

/**
 * A built mock's limit state, its last type argument: `true` once `times(n)`,
 * `once()` or `persist()` was called, `boolean` (either) by default, so that a
 * limited mock is still a `RestMock<Params, Body, Response>`. A type argument,
 * not `Mock & LimitSet`: an array of mocks of one generic type is compared by
 * type arguments, an intersection member by member, pair by pair.
 *
 * @example
 * const login: RestMock<{}, unknown, any, true> = mock.post('/login').reply(200).once()
 */
export interface LimitState<Limited extends boolean> {
  readonly [limitBrand]: Limited
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

/** The type of an answer method called on a mock that already has one. */
export type AlreadyAnswered = MisuseCall<'This mock already has an answer: reply(), replyWith(), networkError() and passthrough() are called once. Build another mock for another answer.'>

/** The type of a matching step called after the answer. */
export type StepAfterAnswer = MisuseCall<'Matching steps (query, headers, cookies, body, variables) come before the answer: call them before reply().'>

/**
 * The builder methods a built mock of one kind refuses, from the step table:
 * every answer is `AlreadyAnswered`, every step of that builder `StepAfterAnswer`.
 *
 * @example
 * type Refused = keyof MisuseGuards<'graphql'> // 'reply' | … | 'variables' | 'headers' | 'cookies'
 */
export type MisuseGuards<Kind extends MockKind> = { readonly [Name in AnswerName]: AlreadyAnswered } & { readonly [Name in StepsOf<Kind>]: StepAfterAnswer }

const START: Record<MockKind, string> = { rest: 'mock.get(path)', graphql: 'mock.query(operation)' }

/**
 * Puts throwing stand-ins for the builder's methods (every answer and every
 * step the table gives this kind) on a mock class, so that plain JavaScript
 * gets the same clear message the types give. @internal
 */
export function installMisuseGuards(prototype: object, kind: MockKind): void {
  if (guarded.has(prototype)) return
  guarded.add(prototype)
  for (const name of ANSWER_NAMES) {
    guard(prototype, name, (header) => message(`mock "${header}" already has an answer, so .${name}() cannot be called on it.`, 'Build another mock for another answer.'))
  }
  for (const name of stepNamesOf(kind)) {
    guard(prototype, name, (header) => message(`.${name}() was called on mock "${header}" after its answer.`, `Matching steps come first: ${START[kind]}.${name}(...).reply(...).`))
  }
}

const guarded = new WeakSet<object>()

function guard(prototype: object, name: string, text: (header: string) => string): void {
  Object.defineProperty(prototype, name, {
    configurable: true,
    value(this: { info: { header: string } }) {
      throw new Error(text(this.info.header))
    },
  })
}
