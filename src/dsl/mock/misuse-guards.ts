import { message } from '../../kernel/index.js'
import { ANSWER_NAMES, stepNamesOf, type AnswerName, type MockKind, type StepsOf } from './step-table.js'
import type { MockTypeError } from '../shared/type-helpers.js'

declare const unsetBrand: unique symbol

/**
 * A method that must not be called here: the call's type error carries the sentence, not "has no call signatures".
 *
 * @example
 * // @ts-expect-error This mock already has an answer …
 * mock.get('/a').reply(200).reply(201)
 */
export interface MisuseCall<Message extends string> extends MockTypeError<Message> {
  (this: MockTypeError<Message>, ...args: readonly unknown[]): never
}

/**
 * A body type not declared yet, by `.body<Type>()` (request) or `.reply<Type>(…)` (response).
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

/** The type-only key of a mock's limit state. @internal */
export declare const limitBrand: unique symbol

/**
 * Type-only mark of a mock whose usage limit is set by `times(n)`, `once()` or `persist()`: another is a type error.
 *
 * @example
 * const once: LimitSet = mock.get('/a').reply(200).once()
 */
export interface LimitSet {
  readonly [limitBrand]: true
}

/**
 * A built mock's limit state, its last type argument: `true` once a limit is set, `boolean` by default (so a limited
 * mock is still a `RestMock<Params, Body, Response>`). Not `Mock & LimitSet`: the compiler relates mocks of one generic
 * type by type arguments, an intersection member by member.
 *
 * @example
 * const login: RestMock<{}, unknown, any, true> = mock.post('/login').reply(200).once()
 */
export interface LimitState<Limited extends boolean> {
  readonly [limitBrand]: Limited
}

/**
 * A receiver type, or, when it carries `LimitSet`, a `MockTypeError` saying a mock has one usage limit.
 *
 * @example
 * type Refused = OneLimit<LimitSet> // MockTypeError<'A mock has one usage limit: …'>
 */
export type OneLimit<Self> = Self extends LimitSet
  ? MockTypeError<'A mock has one usage limit: times(n), once() or persist() was already called on it. Keep only one of them (the default is persist()).'>
  : Self

/**
 * The `this` of a built mock's limit modifiers: `unknown` until a limit is set, then a `MockTypeError` the compiler
 * prints. Read from the class's type argument, not inferred from the receiver (`OneLimit<Self>`): no inference per
 * call, a seventh of the builder's type-check time.
 *
 * @example
 * type Open = LimitGuard<boolean> // unknown
 */
export type LimitGuard<Limited extends boolean> = [Limited] extends [true]
  ? MockTypeError<'A mock has one usage limit: times(n), once() or persist() was already called on it. Keep only one of them (the default is persist()).'>
  : unknown

/**
 * The type of an answer method called on a mock that already has one.
 *
 * @example
 * // @ts-expect-error AlreadyAnswered: a mock answers one way
 * mock.get('/posts').reply(200).reply(404)
 */
export type AlreadyAnswered = MisuseCall<'This mock already has an answer: reply(), replyWith(), networkError() and passthrough() are called once. Build another mock for another answer.'>

/**
 * The type of a matching step called after the answer.
 *
 * @example
 * // @ts-expect-error StepAfterAnswer: steps come before reply()
 * mock.get('/posts').reply(200).query({ page: '1' })
 */
export type StepAfterAnswer = MisuseCall<'Matching steps (query, headers, cookies, body, variables) come before the answer: call them before reply().'>

/**
 * The builder methods a built mock refuses: answers are `AlreadyAnswered`, steps `StepAfterAnswer`.
 *
 * @example
 * type Refused = keyof MisuseGuards<'graphql'> // 'reply' | … | 'variables' | 'headers' | 'cookies'
 */
export type MisuseGuards<Kind extends MockKind> = { readonly [Name in AnswerName]: AlreadyAnswered } & { readonly [Name in StepsOf<Kind>]: StepAfterAnswer }

const START: Record<MockKind, string> = { rest: 'mock.get(path)', graphql: 'mock.query(operation)' }

/** Throwing stand-ins for the refused methods, so that plain JavaScript gets the message the types give. */
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
