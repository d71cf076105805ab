import { http, mock, type HandlerOptions, type HttpHandler } from 'mocklib'
import type { OpenApiContract } from './contract.js'
import { HandlerDocument } from './handler-documents.js'
import type { OpenApiSource } from './read-source.js'
import { contractBuilder, type PlainBuilder } from './typed-mock.js'
import type { OpenApiMocks } from './typed-mock-builder.js'
import { typedOperation, typedResolver, type OpenApiResolver, type PlainResolverInfo } from './typed-resolver-info.js'
import { OPENAPI_METHODS, type OpenApiMethod, type OperationOf, type PathsWith } from './typed-paths.js'

/**
 * One factory per method: it takes only the templates that declare the method.
 *
 * @example
 * const get: OpenApiHandlerFactory<paths, 'get'> = openapi<paths>('https://petstore.example.test/v1').get
 */
export type OpenApiHandlerFactory<Paths, Method extends OpenApiMethod> = <Template extends PathsWith<Paths, Method>>(
  template: Template,
  resolver: OpenApiResolver<Template, OperationOf<Paths, Template, Method>>,
  options?: HandlerOptions,
) => HttpHandler

/**
 * Handler factories typed from openapi-typescript's `paths`, and under `mock` the `mock` builder typed alike.
 *
 * @example
 * const petstore: OpenApiHandlers<paths> = openapi<paths>('https://petstore.example.test/v1')
 * petstore.mock.get('/pets/{petId}').reply(200, { id: 1, name: 'Rex' })
 */
export type OpenApiHandlers<Paths> = { readonly [Method in OpenApiMethod]: OpenApiHandlerFactory<Paths, Method> } & {
  /** The `mock` builder with the same contract typing: `mock.get('/pets/{petId}').reply(200, pet)`. */
  readonly mock: OpenApiMocks<Paths>
}

/**
 * Options of `openapi<paths>(baseUrl, options)`.
 *
 * @example
 * openapi<paths>('https://petstore.example.test/v1', { document: './petstore.yaml' })
 */
export interface OpenApiHandlersOptions {
  /**
   * The document `paths` was generated from (a file path, its text, the object, or its `contract()`), read when
   * the first request reaches a handler: resolvers read `query` by its parameters' schemas (`?limit=2` is the
   * number 2). Without it, the newest document `contract()` or `fromOpenApi()` read that declares the
   * operation is used; reading `query` with neither fails the request, saying so.
   */
  readonly document?: OpenApiSource | OpenApiContract
}

/**
 * Handlers typed from the `paths` openapi-typescript writes for a document: only templates that declare the
 * method are accepted (as the document writes them, `{petId}`); `params` and `query` carry the document's
 * parameter names (`query` read by their schemas: see `options.document`), `request.json()` the JSON request
 * body, and `response(status)` only the declared statuses with their media types, bodies and headers. They
 * are ordinary `http.*` handlers under `baseUrl` (`''`: any origin).
 *
 * @example
 * import type { paths } from './petstore' // npx openapi-typescript petstore.yaml -o petstore.ts
 * const petstore = openapi<paths>('https://petstore.example.test/v1')
 * const server = setupServer(
 *   petstore.get('/pets/{petId}', ({ params, response }) => response(200).json({ id: Number(params.petId), name: 'Rex' })),
 *   petstore.mock.get('/pets').query({ limit: '1' }).reply(200, [{ id: 1, name: 'Rex' }]).once(),
 * )
 */
export function openapi<Paths>(baseUrl: string, options: OpenApiHandlersOptions = {}): OpenApiHandlers<Paths> {
  if (typeof baseUrl !== 'string') {
    throw new TypeError(`[mocklib] openapi<paths>(baseUrl) takes the URL the API is served under as a string (got ${typeof baseUrl}); pass '' to match any origin.`)
  }
  const source = options.document
  if (source !== undefined && typeof source !== 'string' && (typeof source !== 'object' || source === null)) {
    throw new TypeError(`[mocklib] openapi<paths>(baseUrl, { document }): document is the OpenAPI document paths was generated from (a file path, its text, the object, or its contract()), got ${source === null ? 'null' : typeof source}.`)
  }
  const base = baseUrl.replace(/\/+$/, '')
  const document = new HandlerDocument(source)
  // Read now, so the first request waits less; its failure is reported by the requests that need it.
  document.load().catch(() => undefined)
  const mocks: Partial<Record<OpenApiMethod, unknown>> = {}
  const handlers: Partial<Record<OpenApiMethod | 'mock', unknown>> = { mock: mocks }
  for (const method of OPENAPI_METHODS) {
    handlers[method] = (template: string, resolver: (info: unknown) => unknown, options?: HandlerOptions): HttpHandler => {
      const operation = typedOperation('openapi()', method, template, document)
      if (typeof resolver !== 'function') throw new TypeError(`[mocklib] openapi().${method}('${template}', resolver): the resolver must be a function (got ${typeof resolver}).`)
      // The path is a runtime string here; its template was checked by the types.
      const httpFactory = http[method] as unknown as (path: string, resolver: (info: PlainResolverInfo) => unknown, options?: HandlerOptions) => HttpHandler
      return httpFactory(base + operation.path, typedResolver(resolver, operation), options)
    }
    mocks[method] = (template: string) => {
      const operation = typedOperation('openapi().mock', method, template, document)
      const start = mock[method] as unknown as (path: string) => PlainBuilder
      return contractBuilder(start(base + operation.path), operation)
    }
  }
  return handlers as OpenApiHandlers<Paths>
}
