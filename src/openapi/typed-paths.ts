// Every helper indexes one operation (never the whole `paths` more than once per method), so that GitHub's
// description (~900 paths) stays cheap to check.

/**
 * The methods `openapi<paths>()` offers (openapi-typescript also writes `trace`, which mocklib's `http` has no factory for).
 *
 * @example
 * const method: OpenApiMethod = 'get'
 */
export type OpenApiMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch'

export const OPENAPI_METHODS: readonly OpenApiMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch']

/**
 * The path templates of `Paths` that declare `Method` (not openapi-typescript's `get?: never`).
 *
 * @example
 * type Readable = PathsWith<paths, 'get'> // '/pets' | '/pets/{petId}' | …
 */
export type PathsWith<Paths, Method extends OpenApiMethod> = {
  [Template in keyof Paths]-?: Paths[Template] extends { [Key in Method]: object } ? Template : never
}[keyof Paths] &
  string

/**
 * The operation `Paths[Template][Method]`.
 *
 * @example
 * type ShowPet = OperationOf<paths, '/pets/{petId}', 'get'> // operations['showPetById']
 */
export type OperationOf<Paths, Template, Method extends OpenApiMethod> = Template extends keyof Paths
  ? Paths[Template] extends { [Key in Method]: infer Operation } ? Operation : never
  : never

/** The `{name}`s of a path template, as the document writes them. */
export type TemplateNames<Template extends string> = Template extends `${string}{${infer Name}}${infer Rest}` ? Name | TemplateNames<Rest> : never

/**
 * Path params by the template's names: URL-decoded strings, as they arrive (an `integer` petId too: convert it).
 *
 * @example
 * type Params = ParamsOf<'/pets/{petId}'> // { readonly petId: string }
 */
export type ParamsOf<Template extends string> = { readonly [Name in TemplateNames<Template>]: string }

/**
 * Query params by the operation's names, typed and read by their schemas (a number for an `integer`, a list for
 * an `array`...); optional unless required. An `object` parameter is given as its text (a list when repeated).
 *
 * @example
 * type Query = QueryOf<operations['listPets']> // { readonly limit?: number; readonly tag?: string[] }
 */
export type QueryOf<Operation> = Operation extends { parameters: { query?: infer Query } } ? QueryValues<NonNullable<Query>> : {}

type QueryValues<Query> = [Query] extends [never] ? {} : { readonly [Name in keyof Query]: QueryValue<Query[Name]> }

/** A URL has no one way to write an `object`: its text is given. */
type QueryValue<Value> = Value extends readonly unknown[] ? Value : Value extends object ? string | string[] : Value

/**
 * The JSON request body the operation declares (media types whose name holds `json`), or `never`.
 *
 * @example
 * type NewPet = RequestBodyOf<operations['createPet']> // components['schemas']['NewPet']
 */
export type RequestBodyOf<Operation> = Operation extends { requestBody?: infer Body } ? JsonContentOf<NonNullable<Body>> : never

type JsonContentOf<Body> = Body extends { content: infer Content } ? Content[JsonMediaType<Content>] : never

/** The media types of a `content` map whose name holds `json` (`application/json`, `application/problem+json`, …). */
export type JsonMediaType<Content> = Extract<keyof Content, `${string}json${string}`>

/** The media types of a `content` map under `text/`. */
export type TextMediaType<Content> = Extract<keyof Content, `text/${string}`>

/**
 * The declared responses of an operation, by status (`200`), range (`'4XX'`) or `'default'`.
 *
 * @example
 * type Statuses = keyof ResponsesOf<operations['showPetById']> // 200 | 404
 */
export type ResponsesOf<Operation> = Operation extends { responses: infer Responses } ? Responses : {}
