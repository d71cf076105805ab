import type { MockTypeError } from '../shared/type-helpers.js'

/**
 * The params record of a path literal, parsed with the runtime's grammar (`path-tokenizer.ts`): `:name?` is
 * optional, each path `*` is captured as `"0"`, `"1"`…, `#hash` and `?query` are ignored. A widened `string`
 * path gives a string record; in `` `${Base}/:id` `` (a generic helper) `params.id` is a `string`.
 *
 * @example
 * type P = PathParams<'/pkg/:name@:version/files/*'>
 * //   { name: string; version: string; "0": string }
 */
// An indexed access with a conditional key: in a helper generic over its path, TypeScript reads the key
// through the constraint of `Path` (`string`), so `PathParams<Path>` is a string record there and the helper
// can pass it any `Record<string, string>` without a cast. A type literal: TypeScript 6.0 would read an
// interface instantiated with `Path` as generic and not go through the key's constraint.
export type PathParams<Path extends string> = {
  readonly literal: LiteralPathParams<Path>
  readonly unknown: Record<string, string>
}[Path extends Known<Path> ? 'literal' : 'unknown']

/**
 * `PathParams` of a path whose text is (partly) known: the parse alone (one layer fewer per route).
 *
 * @example
 * type P = LiteralPathParams<'/posts/:id'> // { id: string }
 */
// On a path with a generic hole TypeScript defers the parse-based types and reads them through their
// constraint (`${string}/:id`), which parses like any other path.
export type LiteralPathParams<Path extends string> = ParamsOf<ParsePath<Path>>

/**
 * `unknown` for a pattern the runtime accepts, a `MockTypeError` naming the problem for one it refuses.
 *
 * @example
 * type Ok = PathCheck<'/posts/:id(\\d+)'> // unknown
 * type Bad = PathCheck<'/posts/:id(.*)'>   // MockTypeError<'…'>
 */
export type PathCheck<Path extends string> = CheckOf<ParsePath<Path>>

/**
 * The `this` a path-checked handler factory requires: `unknown`, or a `MockTypeError` for a refused pattern.
 * An indexed access into a fixed table, so that a generic path is related through its key's constraint.
 *
 * @example
 * interface Factory { <Path extends string>(this: PathThis<Path>, path: Path): void }
 */
export type PathThis<Path extends string> = PathProblems[ProblemOf<ParsePath<Path>>]

/**
 * The `this` of the overload for a helper's bare `<Path extends string>`: `unknown` there (`PathThis` would
 * read it through `string`, any pattern, and refuse it), `PathThis` for any other path.
 *
 * @example
 * interface Factory { <Path extends string>(this: HelperPathThis<Path>, path: Path): void }
 */
export type HelperPathThis<Path extends string> = { readonly known: PathThis<Path>; readonly unknown: unknown }[Path extends Known<Path> ? 'known' : 'unknown']

/** `string` for a path whose text is (partly) known, `never` for `string` itself. */
type Known<Path extends string> = string extends Path ? never : string

interface PathProblems {
  readonly ok: unknown
  readonly colon: MockTypeError<'A colon in the path must start a parameter name (a letter or _, then letters, digits or _): write a literal colon as %3A.'>
  readonly twice: MockTypeError<'The path uses a parameter name twice: give each parameter its own name.'>
  readonly custom: MockTypeError<'The inline pattern :name(...) is not one mocklib accepts: use one character class with a quantifier (\\d+, [a-z0-9-]+, \\d{4}) or literals separated by | (json|xml), or match :name and check its value in the resolver.'>
}

interface PathProblem<Key extends keyof PathProblems, Message extends string> {
  readonly key: Key
  readonly message: Message
}

type ParamsOf<Parsed> = Parsed extends ParsedPath<infer Required, infer Optional, infer Stars>
  ? Simplify<{ [Key in Required | Stars]: string } & { [Key in Optional]?: string | undefined }>
  : Parsed extends WidePath
    ? Record<string, string>
    : {}

type CheckOf<Parsed> = Parsed extends PathProblem<keyof PathProblems, infer Message> ? MockTypeError<Message> : unknown

type ProblemOf<Parsed> = Parsed extends PathProblem<infer Key, string> ? Key : 'ok'

interface WidePath {
  readonly wide: true
}

interface ParsedPath<Required extends string, Optional extends string, Stars extends string> {
  readonly required: Required
  readonly optional: Optional
  readonly stars: Stars
}

type Simplify<Type> = { [Key in keyof Type]: Type[Key] } & {}

type Lower = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm' | 'n' | 'o' | 'p' | 'q' | 'r' | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z'
type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9'
/** The runtime's `isNameStart`. */
type NameStart = Lower | Uppercase<Lower> | '_'
/** The runtime's `isNameChar`. */
type NameChar = NameStart | Digit

/** `[name, rest]`: the longest run of name characters at the start of `Text`. */
type TakeName<Text extends string, Name extends string = ''> = Text extends `${infer Char}${infer Rest}`
  ? Char extends NameChar
    ? TakeName<Rest, `${Name}${Char}`>
    : [Name, Text]
  : [Name, Text]

/** The text before the first `#` or (query) `?`: both are ignored. */
type BeforeCut<Text extends string> = Text extends `${infer Head}#${string}`
  ? BeforeCut<Head>
  : Text extends `${infer Head}?${string}`
    ? Head
    : Text

type HasCut<Text extends string> = Text extends `${string}${'#' | '?'}${string}` ? true : false

/** Star keys `"0"`, `"1"`… for each `*` in `Text`, counting from `Count['length']`. */
type StarKeys<Text extends string, Count extends unknown[], Keys extends string = never> = Text extends `${string}*${infer Rest}`
  ? StarKeys<Rest, [...Count, unknown], Keys | `${Count['length']}`>
  : [Keys, Count]

/**
 * Type-check cost: the common `/text/:name…` goes straight to the part after its first `:`, which many routes
 * share. `& {}` keeps that part out of tail position, so TypeScript instantiates it through its cache (once
 * per distinct tail) instead of re-running the whole parse for every route.
 */
type ParsePath<Path extends string> = Path extends `/${infer Head}:${infer Tail}`
  ? Head extends `${string}${'#' | '?' | '*'}${string}`
    ? ParsePattern<Path>
    : ParseParam<TakeSegmentName<Tail>, [never, []], never, never, never> & {}
  : Path extends `${string}:${string}` | `${string}*${string}`
    ? ParsePattern<Path>
    : string extends Path
      ? WidePath
      : ParsedPath<never, never, never>

type ParsePattern<Path extends string> = Path extends `/${string}`
  ? ParsePathPart<Path, [], never, never, never>
  : Path extends `${infer Scheme}://${infer AfterScheme}`
  ? Scheme extends `${string}/${string}`
    ? ParsePathPart<Path, [], never, never, never>
    : AfterScheme extends `${infer Host}/${infer Rest}`
      ? ParsePathPart<`/${Rest}`, [], HostParams<Host>, never, never>
      : ParsePathPart<'', [], HostParams<AfterScheme>, never, never>
  : Path extends `*${infer Rest}`
    ? // A leading `*` is the origin: it is not captured.
      Rest extends `${string}/${infer PathRest}`
      ? ParsePathPart<`/${PathRest}`, [], never, never, never>
      : ParsedPath<never, never, never>
    : ParsePathPart<Path, [], never, never, never>

/** `:name` labels of a host (`https://:tenant.example.com`). */
type HostParams<Host extends string> = Host extends `${infer Label}.${infer Rest}`
  ? HostLabelParam<Label> | HostParams<Rest>
  : HostLabelParam<Host>

type HostLabelParam<Label extends string> = Label extends `:${infer Name}` ? (TakeName<Name>[0] extends '' ? never : TakeName<Name>[0]) : never

// `& {}` on each param, for the reason given on `ParsePath` (a fifth of the parse's cost). Nesting it caps a path
// at about 45 params (TypeScript's depth limit).
type ParsePathPart<
  Text extends string,
  Count extends unknown[],
  Required extends string,
  Optional extends string,
  Stars extends string,
> = Text extends `${infer Before}:${infer After}`
  ? Before extends `${string}${'#' | '?' | '*'}${string}`
    ? HasCut<Before> extends true
      ? Finish<BeforeCut<Before>, Count, Required, Optional, Stars>
      : ParseParam<TakeSegmentName<After>, StarKeys<Before, Count>, Required, Optional, Stars> & {}
    : ParseParam<TakeSegmentName<After>, [never, Count], Required, Optional, Stars> & {}
  : Finish<BeforeCut<Text>, Count, Required, Optional, Stars>

/** `TakeName` on the rest of the segment only: names repeat across routes, whole paths do not. */
type TakeSegmentName<After extends string> = After extends `${infer Segment}/${infer Rest}` ? RejoinRest<TakeName<Segment>, Rest> : TakeName<After>

type RejoinRest<Taken extends [string, string], Rest extends string> = [Taken[0], `${Taken[1]}/${Rest}`]

/** Indexed accesses (not `infer … extends`) keep this working on a generic path such as `${Base}/:id`. */
type ParseParam<
  Taken extends [string, string],
  Starred extends [string, unknown[]],
  Required extends string,
  Optional extends string,
  Stars extends string,
> =
  [NameProblem<Taken[0], Required | Optional>] extends [never]
    ? Taken[1] extends `?${infer AfterOptional}`
      ? ParsePathPart<AfterOptional, Starred[1], Required, Optional | Taken[0], Stars | Starred[0]>
      : Taken[1] extends `(${string}`
        ? ParseInline<Taken[0], Taken[1], Starred, Required, Optional, Stars>
        : ParsePathPart<Taken[1], Starred[1], Required | Taken[0], Optional, Stars | Starred[0]>
    : NameProblem<Taken[0], Required | Optional>

/**
 * `:name(…)`: refuses what the runtime (`path-inline-pattern.ts`) surely refuses, with a few template checks
 * and no walk over the group's characters.
 */
type ParseInline<
  Name extends string,
  Text extends string,
  Starred extends [string, unknown[]],
  Required extends string,
  Optional extends string,
  Stars extends string,
> = Text extends `(${infer Inner})${infer After}`
  ? Inner extends `${'\\d' | '\\w'}${InlineQuantifier}` | `[${string}]${InlineQuantifier}`
    ? Inner extends `${string}(${string}`
      ? InlineProblem<Name, Inner>
      : ParseAfterInline<Name, After, Starred, Required, Optional, Stars>
    : Inner extends '' | `${string}${InlineMeta}${string}`
      ? InlineProblem<Name, Inner>
      : ParseAfterInline<Name, After, Starred, Required, Optional, Stars>
  : InlineProblem<Name, Text>

type ParseAfterInline<
  Name extends string,
  After extends string,
  Starred extends [string, unknown[]],
  Required extends string,
  Optional extends string,
  Stars extends string,
> = After extends `?${infer AfterOptional}`
  ? ParsePathPart<AfterOptional, Starred[1], Required, Optional | Name, Stars | Starred[0]>
  : ParsePathPart<After, Starred[1], Required | Name, Optional, Stars | Starred[0]>

type InlineQuantifier = '' | '+' | '*' | '?' | `{${number}}` | `{${number},}` | `{${number},${number}}`

/** Regex syntax that makes a group more than literals separated by `|`. */
type InlineMeta = '\\' | '.' | '*' | '+' | '?' | '(' | '[' | '{' | '^' | '$' | ' '

type InlineProblem<Name extends string, Inner extends string> = PathProblem<
  'custom',
  `:${Name}(${Inner}) is an inline pattern mocklib does not accept: use one character class with a quantifier (\\d+, [a-z0-9-]+, \\d{4}) or literals separated by | (json|xml), or match :${Name} and check its value in the resolver.`
>

/** `never` for a good name (cached per name). */
type NameProblem<Name extends string, Seen extends string> = Name extends '' | `${Digit}${string}`
  ? PathProblem<'colon', `A colon in the path must start a parameter name (a letter or _, then letters, digits or _): write a literal colon as %3A.`>
  : Name extends Seen
    ? PathProblem<'twice', `The path uses the parameter :${Name} twice: give each parameter its own name.`>
    : never

type Finish<Text extends string, Count extends unknown[], Required extends string, Optional extends string, Stars extends string> = ParsedPath<
  Required,
  Optional,
  Stars | StarKeys<Text, Count>[0]
>
