import type { FinalizeFunction, HttpResolverInfo, StrictRequest } from 'mocklib'
import type { HandlerDocument } from './handler-documents.js'
import { toPredicatePath } from './path-template.js'
import type { OpenApiMethod, ParamsOf, QueryOf, RequestBodyOf, ResponsesOf } from './typed-paths.js'
import { answerFactory, type ContractResponse, type ResponseFactory } from './typed-response.js'

/**
 * What a typed handler's resolver receives: the request (its `json()` typed from the JSON request body), path
 * params and query by the document's names, and `response(status)` for the declared answers.
 *
 * @example
 * petstore.get('/pets/{petId}', ({ params, query, request, response }) => response(200).json({ id: Number(params.petId), name: 'Rex' }))
 */
export interface OpenApiResolverInfo<Template extends string, Operation> {
  readonly request: [RequestBodyOf<Operation>] extends [never] ? Request : StrictRequest<RequestBodyOf<Operation>>
  readonly params: ParamsOf<Template>
  readonly query: QueryOf<Operation>
  readonly cookies: Record<string, string>
  readonly requestId: string
  /** Schedules a cleanup for this request (as `http.*` resolvers' `finalize`). */
  readonly finalize: FinalizeFunction
  readonly response: ResponseFactory<ResponsesOf<Operation>>
}

/**
 * A typed handler's resolver: it answers with `response(...)`, or returns nothing to let the next handler answer.
 *
 * @example
 * const resolver: OpenApiResolver<'/pets', operations['listPets']> = ({ response }) => response(200).json([])
 */
export type OpenApiResolver<Template extends string, Operation> = (
  info: OpenApiResolverInfo<Template, Operation>,
) => ContractResponse | undefined | void | Promise<ContractResponse | undefined | void>

export type PlainResolverInfo = HttpResolverInfo<Record<string, string>>

/** The operation a typed handler answers, and where its parameters' schemas are read. */
export interface TypedOperation {
  readonly method: OpenApiMethod
  /** As the document writes it: `/pets/{petId}`. */
  readonly template: string
  /** In mocklib's path grammar: `/pets/:petId`. */
  readonly path: string
  /** mocklib's param name → the document's (only where they differ). */
  readonly renamed: ReadonlyMap<string, string>
  readonly document: HandlerDocument
  /** How messages name the handler: `openapi().get('/pets')`. */
  readonly call: string
}

/** `face` names the call in messages (`openapi()`, `openapi().mock`); plain JavaScript gets the check the types give. */
export function typedOperation(face: string, method: OpenApiMethod, template: unknown, document: HandlerDocument): TypedOperation {
  if (typeof template !== 'string' || !template.startsWith('/')) {
    throw new TypeError(`[mocklib] ${face}.${method}() takes a path template of the document, such as '/pets/{petId}' (got ${JSON.stringify(template)}).`)
  }
  const { path, renamed } = toPredicatePath(template)
  return { method, template, path, renamed, document, call: `${face}.${method}('${template}')` }
}

/** Params under the document's names, the query read by the operation's schemas on first read, and `response`. */
function typedResolverInfo(info: PlainResolverInfo, operation: TypedOperation, response: ResponseFactory<Record<string | number, unknown>>) {
  let query: Record<string, unknown> | undefined
  return {
    get request() {
      return info.request
    },
    params: documentNames(info.params, operation.renamed),
    get query() {
      return (query ??= readQuery(info.request, operation))
    },
    get cookies() {
      return info.cookies
    },
    requestId: info.requestId,
    finalize: info.finalize,
    response,
  }
}

/** The `http.*` resolver of a typed one (handler or `mock` builder): it calls it once the handler's document is read (only the first requests wait). */
export function typedResolver(resolver: (info: unknown) => unknown, operation: TypedOperation): (info: PlainResolverInfo) => unknown {
  const response = answerFactory()
  return (info) => {
    if (operation.document.ready) return resolver(typedResolverInfo(info, operation, response))
    return operation.document.load().then(() => resolver(typedResolverInfo(info, operation, response)))
  }
}

function readQuery(request: Request, operation: TypedOperation): Record<string, unknown> {
  const reader = operation.document.readerFor(operation.method, operation.template)
  if (reader === undefined) {
    throw new Error(
      `[mocklib] ${operation.call}: query is read by the types the document gives its parameters (?limit=2 is the number 2), but no document known declares ${operation.method.toUpperCase()} ${operation.template}. ` +
        `Pass the document: openapi<paths>(baseUrl, { document: './openapi.yaml' }) (a path, text, object, or the contract() made of it), or listen with a contract of it: server.listen({ contract: await contract('./openapi.yaml') }) (a document fromOpenApi() read counts too).`,
    )
  }
  return reader.query(request)
}

/** `{enterprise-team}` is matched as `:enterprise_team`. */
function documentNames(params: Record<string, string>, renamed: ReadonlyMap<string, string>): Record<string, string> {
  if (renamed.size === 0) return params
  const named: Record<string, string> = {}
  for (const [name, value] of Object.entries(params)) named[renamed.get(name) ?? name] = value
  return named
}
