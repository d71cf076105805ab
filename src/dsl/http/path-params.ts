/**
 * The params record of a path literal: `:name` becomes a `string` property,
 * `:name?` an optional one. A widened `string` path gives a string record.
 *
 * @example
 * type P = PathParams<'/users/:userId/posts/:postId?'>
 * //   { userId: string; postId?: string | undefined }
 */
export type PathParams<Path extends string> = string extends Path
  ? Record<string, string>
  : CollectParams<Path, never, never>

type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9'

/** The part of `Text` before the first `Separator`. */
type Before<Text extends string, Separator extends string> = Text extends `${infer Head}${Separator}${string}` ? Head : Text

/** A param name ends at the first character that cannot be part of it. */
type NameAt<Rest extends string> = Before<
  Before<Before<Before<Before<Before<Before<Before<Rest, '/'>, '.'>, '-'>, '?'>, '*'>, ':'>, '~'>,
  ','
>

/** `:3000` (a port) and `://` (a scheme) are not params. */
type IsParamName<Name extends string> = Name extends '' ? false : Name extends `${Digit}${string}` ? false : true

type Simplify<Type> = { [Key in keyof Type]: Type[Key] } & {}

type CollectParams<Path extends string, Required extends string, Optional extends string> =
  Path extends `${string}:${infer Rest}`
    ? NameAt<Rest> extends infer Name extends string
      ? IsParamName<Name> extends false
        ? CollectParams<Rest, Required, Optional>
        : Rest extends `${Name}?${infer After}`
          ? CollectParams<After, Required, Optional | Name>
          : CollectParams<Rest, Required | Name, Optional>
      : never
    : Simplify<{ [Key in Required]: string } & { [Key in Optional]?: string | undefined }>
