import { HttpHandler, HttpResponse } from 'mocklib'
import { baseUrlOf } from './base-url.js'
import { rememberDocument } from './handler-documents.js'
import { listOperations } from './operations.js'
import { bySpecificity, toPredicatePath } from './path-template.js'
import { prepareDocument } from './prepare-document.js'
import type { OpenApiSource } from './read-source.js'
import { planResponse, type ResponseChoice, type ResponsePlan } from './response-plan.js'
import { DocumentValidator } from './schema-validator.js'

/**
 * Options of `fromOpenApi()`.
 *
 * @example
 * await fromOpenApi('./petstore.yaml', { seed: 1, baseUrl: 'http://localhost:3000', responses: { listPets: 500 } })
 */
export interface FromOpenApiOptions {
  /** Generated values depend on it (and on the operation) only. Default `0`. */
  readonly seed?: number | string
  /** Where the handlers answer; default: the document's first server (`''` without one: any origin). */
  readonly baseUrl?: string
  /**
   * Another declared response than the first 2xx, by `operationId` or `'GET /pets/{petId}'`: a status (`404`),
   * a range (`'4XX'`), `'default'`, or `{ status, example }` for a named example.
   */
  readonly responses?: Readonly<Record<string, number | string | ResponseChoice>>
}

/**
 * Handlers for every operation of an OpenAPI 3.0 or 3.1 document. Each answers its first 2xx response: the
 * media type's `example`, else its `examples`, else a value generated from the schema (deterministic for
 * `seed`). A request picks another declared response with `Prefer: code=404` (and `example=<name>`), as Prism.
 *
 * @example
 * const server = setupServer(...(await fromOpenApi('./petstore.yaml', { seed: 1 })))
 * await fetch('https://petstore.example.test/v1/pets/1', { headers: { prefer: 'code=404' } }) // the declared 404
 */
export async function fromOpenApi(document: OpenApiSource, options: FromOpenApiOptions = {}): Promise<HttpHandler[]> {
  const { document: prepared } = await prepareDocument(document)
  rememberDocument(prepared)
  const base = baseUrlOf(prepared, options.baseUrl)
  const validator = new DocumentValidator(prepared)
  const seed = options.seed ?? 0
  const operations = listOperations(prepared).sort((a, b) => bySpecificity(a.template, b.template))
  const configured = options.responses ?? {}
  const known = new Set(operations.flatMap((entry) => [entry.label, `${entry.method.toUpperCase()} ${entry.template}`]))
  for (const name of Object.keys(configured)) {
    if (!known.has(name)) throw new Error(`[mocklib] fromOpenApi(): options.responses names "${name}", which is no operation of the document. Use an operationId or "METHOD /path/{template}".`)
  }
  return operations.map((entry) => {
    const fixed = configured[entry.operationId ?? ''] ?? configured[`${entry.method.toUpperCase()} ${entry.template}`]
    const defaultChoice: ResponseChoice = fixed === undefined ? {} : typeof fixed === 'object' ? fixed : { status: fixed }
    const plans = new Map<string, ResponsePlan>()
    const planFor = (choice: ResponseChoice): ResponsePlan => {
      const key = `${choice.status ?? ''}|${choice.example ?? ''}`
      let plan = plans.get(key)
      if (plan === undefined) plans.set(key, (plan = planResponse(prepared, entry, choice, { seed, validator })))
      return plan
    }
    // An undeclared status or example fails here, not on every request.
    if (fixed !== undefined) {
      try {
        planFor(defaultChoice)
      } catch (error) {
        throw new Error(`[mocklib] fromOpenApi(): options.responses: ${(error as Error).message.replace(/^\[mocklib\] /, '')}`)
      }
    }
    return new HttpHandler(entry.method.toUpperCase(), base + toPredicatePath(entry.template).path, ({ request }: { request: Request }) => {
      const plan = planFor({ ...defaultChoice, ...preferred(request) })
      return new HttpResponse(plan.body ?? null, { status: plan.status, headers: plan.headers })
    })
  })
}

/** `Prefer: code=404, example=notFound`. */
function preferred(request: Request): ResponseChoice {
  const header = request.headers.get('prefer')
  if (header === null) return {}
  const choice: { status?: string; example?: string } = {}
  for (const part of header.split(/[;,]/)) {
    const [name, value] = part.split('=').map((piece) => piece.trim().replace(/^"|"$/g, ''))
    if (name === 'code' && value) choice.status = value
    if (name === 'example' && value) choice.example = value
  }
  return choice
}
