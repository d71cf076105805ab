import { OperationChecks } from './check-exchange.js'
import { loadSchemaCompiler } from './compiled-schemas.js'
import { rememberDocument } from './handler-documents.js'
import { OperationIndex, type FoundOperation } from './operation-index.js'
import { listOperations, type OperationEntry } from './operations.js'
import { prepareDocument } from './prepare-document.js'
import type { OpenApiSource } from './read-source.js'
import { DocumentValidator, DOCUMENT_URI } from './schema-validator.js'
import { describeViolation, type ContractViolation, type ViolationFacts } from './violation.js'

/**
 * What to do with a violation: print it, fail the client's request with it, or hand it to a function.
 *
 * @example
 * await contract('./petstore.yaml', { onViolation: (violation) => seen.push(violation) })
 */
export type ViolationStrategy = 'warn' | 'error' | ((violation: ContractViolation) => void)

/**
 * Options of `contract()`.
 *
 * @example
 * await contract('./petstore.yaml', { onViolation: 'warn', undocumented: 'error', checkPassthrough: true })
 */
export interface ContractOptions {
  /** Default `'error'`: the client's request fails with the violations. */
  readonly onViolation?: ViolationStrategy
  /** Requests for operations the document does not describe. Default `'ignore'`. */
  readonly undocumented?: 'ignore' | 'warn' | 'error'
  /** Where the API lives; default: the document's servers (`''` without any: paths on any origin). */
  readonly baseUrl?: string
  /**
   * Also check what the network answers requests sent on to it: catches the real API drifting from its
   * document. The response is never held back: a copy is checked, its violations kept and reported once its
   * body has arrived (`'error'` prints them with `console.error`). Default `false`.
   */
  readonly checkPassthrough?: boolean
}

/**
 * An exchange to check: what the client sent, and what it got.
 *
 * @example
 * await api.violationsOf({ request: new Request('https://x.test/pets'), response: Response.json([]) })
 */
export interface ContractExchange {
  readonly request: Request
  readonly response: Response
}

/**
 * An answer as the runtime hands it to `check` / `checkReceived`. The optional fields spare the check building
 * a Request, copying the response and reading streams: with both texts known, a check runs synchronously.
 *
 * @example
 * api.check({ request, response, scope, requestText: '', responseText: '[]' })
 */
export interface ContractAnswer extends ContractExchange {
  /** The scope (root or boundary) the violations are kept in. */
  readonly scope: object
  /** Upper case. */
  readonly method?: string
  /** The request's URL, parsed. */
  readonly url?: URL
  /** The request body (`''`: none), when known without reading a stream. */
  readonly requestText?: string
  /** The response's status. */
  readonly status?: number
  /** The response's headers. */
  readonly responseHeaders?: Headers
  /** The response body (`''`: none), when known without reading a stream. */
  readonly responseText?: string
}

/**
 * A compiled contract: `server.listen({ contract })` takes it, `violationsOf()` checks one exchange on its own.
 *
 * @example
 * const violations = await (await contract('./petstore.yaml')).violationsOf({ request, response })
 */
export interface OpenApiContract {
  /** The violations of one exchange, neither kept nor reported (the HAR command line uses it). */
  violationsOf(exchange: ContractExchange): Promise<ContractViolation[]>
  /** Checks a mocked answer, keeps its violations, applies `onViolation`; synchronous when both texts are known. */
  check(answer: ContractAnswer): Error | undefined | Promise<Error | undefined>
  /** Under `checkPassthrough`: checks a real response, keeps and reports its violations. */
  checkReceived?(received: ContractAnswer): Promise<void>
  /** The violations kept so far in `scope`, oldest first. */
  problemsIn(scope: object): readonly ContractViolation[]
}

/**
 * Compiles an OpenAPI document into a contract every mocked exchange is checked against: the request
 * (parameters, body) and the response (declared status, content type, headers, body), whatever handler
 * answered. Schemas are compiled (ajv) where the realm allows `new Function`, else interpreted (pages under a
 * strict CSP); the messages are the same either way.
 *
 * @example
 * const api = await contract('./petstore.yaml', { onViolation: 'error' })
 * server.listen({ onUnhandledRequest: 'error', contract: api })
 * afterEach(() => server.assertContract())
 */
export async function contract(document: OpenApiSource, options: ContractOptions = {}): Promise<OpenApiContract> {
  const { document: prepared } = await prepareDocument(document)
  const validator = new DocumentValidator(prepared, codeGenerationAllowed() ? await loadSchemaCompiler(prepared, DOCUMENT_URI) : undefined)
  const operations = listOperations(prepared)
  const index = new OperationIndex(prepared, operations, options.baseUrl)
  const compiled = new Map<OperationEntry, OperationChecks>()
  const kept = new WeakMap<object, ContractViolation[]>()
  const onViolation = options.onViolation ?? 'error'
  const undocumented = options.undocumented ?? 'ignore'

  // The operation of the last request looked up, by method and URL: a test sends the same request again and again.
  let lastMethod: string | undefined
  let lastHref = ''
  let lastFound: FoundOperation | undefined
  const find = (method: string, url: URL): FoundOperation | undefined => {
    const { href } = url
    if (method !== lastMethod || href !== lastHref) {
      lastFound = index.find(method, url)
      lastMethod = method
      lastHref = href
    }
    return lastFound
  }

  /** With both body texts in hand; the Request is built only for a header or a violation. */
  const violationsIn = (exchange: Omit<ContractAnswer, 'scope'>, requestText: string, responseText: string, fromNetwork: boolean): ContractViolation[] => {
    const method = exchange.method ?? exchange.request.method
    const url = exchange.url ?? new URL(exchange.request.url)
    const found = find(method, url)
    if (found === undefined) {
      if (undocumented === 'ignore') return []
      const named = requestFacts(exchange, fromNetwork)
      return [describeViolation({ ...named, operation: undefined, side: 'request', part: 'operation', rule: 'undocumented', detail: `the document describes no ${named.request.method} operation for this path.` })]
    }
    const { entry, params } = found
    let checks = compiled.get(entry)
    if (checks === undefined) compiled.set(entry, (checks = new OperationChecks(prepared, entry, validator)))
    const requestFindings = checks.request(url, params, exchange, requestText)
    const responseHeaders = exchange.responseHeaders ?? exchange.response.headers
    const contentType = responseHeaders.get('content-type')
    // A stream of events never ends: its body is not judged (its status, content type and headers still are).
    const responseFindings = checks.response(exchange.status ?? exchange.response.status, responseHeaders, contentType, isEventStream(contentType) ? '' : responseText)
    if (requestFindings.length === 0 && responseFindings.length === 0) return []
    const named = requestFacts(exchange, fromNetwork)
    return [...requestFindings, ...responseFindings].map((finding) => describeViolation({ ...named, operation: entry.label, ...finding }))
  }

  const violationsOf = async (exchange: Omit<ContractAnswer, 'scope'>, fromNetwork = false): Promise<ContractViolation[]> => {
    // A request without a body (most GETs) is not read: reading even an empty one costs a stream's worth of promises.
    const requestText = exchange.requestText ?? (exchange.request.body === null ? '' : await exchange.request.text())
    const { response } = exchange
    const responseText = exchange.responseText ?? (isEventStream((exchange.responseHeaders ?? response.headers).get('content-type')) ? '' : await response.text())
    return violationsIn(exchange, requestText, responseText, fromNetwork)
  }

  /** The network's answer cannot be failed (the client already reads it): under 'error' its violations are printed louder. */
  const report = (scope: object, violations: ContractViolation[], fromNetwork: boolean): Error | undefined => {
    if (violations.length === 0) return undefined
    let list = kept.get(scope)
    if (list === undefined) kept.set(scope, (list = []))
    list.push(...violations)
    // Undocumented violations exist only when `undocumented` is 'warn' or 'error'.
    const strategy = violations.every((violation) => violation.rule === 'undocumented') ? (undocumented as 'warn' | 'error') : onViolation
    if (typeof strategy === 'function') {
      for (const violation of violations) strategy(violation)
      return undefined
    }
    const listed = violations.map((violation) => `  • ${violation.message}`).join('\n')
    if (fromNetwork) {
      const heading = `[mocklib] The network's answer breaks the OpenAPI contract (checkPassthrough):\n${listed}\nThe real API, or its document, has drifted. The response was delivered`
      if (strategy === 'warn') console.warn(`${heading}.`)
      else console.error(`${heading} (a real response is never held back); assertContract() fails on it.`)
      return undefined
    }
    const heading = `[mocklib] The exchange breaks the OpenAPI contract:\n${listed}\n`
    if (strategy === 'error') return new Error(`${heading}Fix the mock or the request so that they match the document (or use onViolation: 'warn').`)
    console.warn(`${heading}The answer was delivered (onViolation: 'warn').`)
    return undefined
  }

  const api: OpenApiContract = {
    violationsOf: (exchange) => violationsOf(exchange),
    check(answer) {
      const { requestText, responseText } = answer
      if (requestText !== undefined && responseText !== undefined) return report(answer.scope, violationsIn(answer, requestText, responseText, false), false)
      return violationsOf(answer).then((violations) => report(answer.scope, violations, false))
    },
    problemsIn(scope) {
      return kept.get(scope) ?? []
    },
  }
  if (options.checkPassthrough === true) {
    api.checkReceived = async (received) => {
      report(received.scope, await violationsOf(received, true), true)
    }
  }
  // openapi<paths>() handlers read their parameters by this document (unless given their own).
  rememberDocument(prepared, api)
  return api
}

function isEventStream(contentType: string | null): boolean {
  return contentType !== null && /^text\/event-stream/i.test(contentType)
}

/** The method and URL as the client sent them. */
function requestFacts(exchange: ContractExchange, fromNetwork: boolean): Pick<ViolationFacts, 'request' | 'fromNetwork'> {
  return { request: { method: exchange.request.method, url: exchange.request.url }, ...(fromNetwork && { fromNetwork: true as const }) }
}

let allowed: boolean | undefined

/** Whether this realm lets a script build functions from text (a CSP may forbid it). Asked once: each refusal costs a CSP violation report. */
function codeGenerationAllowed(): boolean {
  if (allowed === undefined) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the probe itself
      new Function('')
      allowed = true
    } catch {
      allowed = false
    }
  }
  return allowed
}
