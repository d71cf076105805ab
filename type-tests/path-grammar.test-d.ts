// The path grammar table (path-grammar-table.ts) at type level: for every
// accepted row, `PathParams<pattern>` has exactly the row's keys (the
// `optional` ones optional), all strings, and `PathCheck` lets it through;
// for every refused row, `PathCheck` is a `MockTypeError` and `http.get`
// rejects the literal. test/integration/path-grammar.test.ts runs the same
// rows through the runtime.
import { expectTypeOf } from 'expect-type'
import { http, type PathParams } from 'mocklib'
import type { PathCheck } from '../src/dsl/http/path-params.js'
import type { MockTypeError } from '../src/dsl/shared/type-helpers.js'
import type { acceptedPaths, refusedPaths } from './path-grammar-table.js'

type Accepted = (typeof acceptedPaths)[number]
type Refused = (typeof refusedPaths)[number]

type OptionalKeys<Type> = { [Key in keyof Type]-?: {} extends Pick<Type, Key> ? Key : never }[keyof Type]
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

type RowOptional<Row> = Row extends { optional: readonly (infer Key)[] } ? Key : never
type RowOk<Row extends { pattern: string; params: object }> =
  PathParams<Row['pattern']> extends infer Params
    ? [
        Same<keyof Params, keyof Row['params'] | RowOptional<Row>>,
        Same<OptionalKeys<Params>, RowOptional<Row>>,
        Same<Exclude<Params[keyof Params], undefined>, [keyof Params] extends [never] ? never : string>,
        Same<PathCheck<Row['pattern']>, unknown>,
      ] extends [true, true, true, true]
      ? true
      : false
    : false

/** The patterns whose type does not match the runtime row: must be none. */
type WrongRows<Row> = Row extends Accepted ? (RowOk<Row> extends true ? never : Row['pattern']) : never
type WrongAccepted = WrongRows<Accepted>
expectTypeOf<WrongAccepted>().toEqualTypeOf<never>()

/** The refused patterns the types let through: must be none. */
type LetThrough<Row> = Row extends Refused ? (PathCheck<Row['pattern']> extends MockTypeError<string> ? never : Row['pattern']) : never
type WrongRefused = LetThrough<Refused>
expectTypeOf<WrongRefused>().toEqualTypeOf<never>()

// The table is not vacuous: both kinds have rows, and a wrong row would show.
expectTypeOf<Accepted['pattern']>().not.toBeNever()
expectTypeOf<RowOk<{ pattern: '/x/:a'; url: ''; params: { b: '' } }>>().toEqualTypeOf<false>()
expectTypeOf<Refused['pattern']>().not.toBeNever()

// Spelled out, the rows of issue 13 item 4 and 5:
expectTypeOf<PathParams<'/pkg/:name@:version'>>().toEqualTypeOf<{ name: string; version: string }>()
expectTypeOf<PathParams<'/p/:a+:b'>>().toEqualTypeOf<{ a: string; b: string }>()
expectTypeOf<PathParams<'/p/:a;:b'>>().toEqualTypeOf<{ a: string; b: string }>()
expectTypeOf<PathParams<'/posts/:id#top'>>().toEqualTypeOf<{ id: string }>()
expectTypeOf<PathParams<'/search?q=:q'>>().toEqualTypeOf<{}>()
expectTypeOf<PathParams<'/files/*'>>().toEqualTypeOf<{ '0': string }>()

// A refused pattern is a compile error at the call, with the runtime's sentence.
// @ts-expect-error an inline pattern outside the safe subset is refused at runtime, so by the types too
http.get('/p/:id(.*)', () => undefined)
// @ts-expect-error a nested group is refused at runtime, so by the types too
http.get('/p/:id((a|b))', () => undefined)

// Express-style inline patterns (issue 36 item 5): the param is a string, `?` after the group makes it optional.
http.get('/p/:id(\\d+)', ({ params }) => {
  expectTypeOf(params).toEqualTypeOf<{ id: string }>()
})
expectTypeOf<PathParams<'/p/:id(\\d+)'>>().toEqualTypeOf<{ id: string }>()
expectTypeOf<PathParams<'/p/:id(\\d+)?'>>().toEqualTypeOf<{ id?: string | undefined }>()
expectTypeOf<PathParams<'/r/:name.:format(json|xml)/*'>>().toEqualTypeOf<{ name: string; format: string; '0': string }>()
expectTypeOf<PathParams<'/n/:id([^/]+)/x/:rest'>>().toEqualTypeOf<{ id: string; rest: string }>()
http.get('/p/:id(\\d+)', ({ params }) => {
  // @ts-expect-error an inline pattern names one param, not another
  params.slug
})
// @ts-expect-error a ":" without a name is refused at runtime
http.get('/p/:1', () => undefined)
// @ts-expect-error a name used twice is refused at runtime
http.get('/p/:id/:id', () => undefined)
