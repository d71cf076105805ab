import { OperationChecks } from './check-exchange.js'
import { loadSchemaCompiler } from './compiled-schemas.js'
import { rememberDocument } from './handler-documents.js'
import { OperationIndex, type FoundOperation } from './operation-index.js'
import { listOperations, type OperationEntry } from './operations.js'
import { prepareDocument } from './prepare-document.js'
import type { OpenApiSource } from './read-source.js'
import { DocumentValidator, DOCUMENT_URI } from './schema-validator.js'
import { describeViolation, type ContractViolation, type ViolationFacts } from './violation.js'

/** What to do with a violation: print it, fail the client's request with it, or hand it to a function. */
export type ViolationStrategy = 'warn' | 'error' | ((violation: ContractViolation) => void)

/** Options of `contract()`. */
export interface ContractOptions {
  /** Default `'error'`: the client's request fails with the violations, as an unhandled request under `'error'`. */
  readonly onViolation?: ViolationStrategy
  /** Requests for operations the document does not describe. Default `'ignore'`. */
  readonly undocumented?: 'ignore' | 'warn' | 'error'
  /** Where the API lives; default: the document's servers (`''` without any: paths on any origin). */
  readonly baseUrl?: string
  /**
   * Also check what the network answers requests sent on to it
   * (`passthrough()`, handlers that all fell through, unhandled requests let
   * through): catches the real API drifting from its own document. Default
   * `false` (real responses are then neither copied nor read).
   *
   * The real response is never held back: the client reads it as it arrives
   * (a stream keeps streaming) while a copy is checked, so its violations are
   * kept (`contractViolations()`, `assertContract()`) and reported once its
   * body has arrived, and `onViolation: 'error'` prints them with
   * `console.error` instead of failing the request.
   */
  readonly checkPassthrough?: boolean
}

/** An exchange to check: what the client sent, and what it got. */
export interface ContractExchange {
  readonly request: Request
  readonly response: Response
}

/**
 * A mocked (or real) answer as the runtime hands it to `check` /
 * `checkReceived` (the kernel's `CheckedAnswer`). Only `request`, `response`
 * and `scope` are required; the rest, when given, spare the check building
 * the request of a plain `fetch(url)`, copying the response and reading
 * streams: with both texts known, a check runs synchronously.
 */
export interface ContractAnswer extends ContractExchange {
  /** The scope (root or boundary) the violations are kept in. */
  readonly scope: object
  /** The request's method, upper case. */
  readonly method?: string
  /** The request's URL, parsed. */
  readonly url?: URL
  /** The request body as text (`''`: none), when known without reading a stream. */
  readonly requestText?: string
  /** The response's status. */
  readonly status?: number
  /** The response's headers. */
  readonly responseHeaders?: Headers
  /** The response body as text (`''`: none), when known without reading a stream: what the client receives. */
  readonly responseText?: string
}

/** A compiled contract: `server.listen({ contract })` takes it, `check()` checks one exchange on its own. */
export interface OpenApiContract {
  /**
   * The violations of one exchange (request and response), without applying
   * `onViolation` nor keeping them (the HAR command line uses it).
   */
  violationsOf(exchange: ContractExchange): Promise<ContractViolation[]>
  /**
   * The runtime hook (see `AnswerCheck`): checks a mocked answer, keeps its
   * violations in the scope, applies `onViolation`. Synchronous when both
   * body texts are known (`requestText`, `responseText`), else a promise.
   */
  check(answer: ContractAnswer): Error | undefined | Promise<Error | undefined>
  /**
   * The runtime hook for real responses (see `AnswerCheck.checkReceived`),
   * present under `checkPassthrough: true`: checks the exchange, keeps its
   * violations in the scope, and reports them (`'error'` on the console: the
   * client already has the response).
   */
  checkReceived?(received: ContractAnswer): Promise<void>
  /** The violations kept so far in `scope`, oldest first. */
  problemsIn(scope: object): readonly ContractViolation[]
}

/**
 * Compiles an OpenAPI document into a contract every mocked exchange is
 * checked against: the request (path, query, header and cookie parameters,
 * body) and the mocked response (declared status, content type, headers,
 * body), whatever handler answered. Each operation's checks are prepared the
 * first time a request for it is seen, then reused: its schemas compiled to
 * code (ajv) where the realm allows `new Function`, else interpreted
 * (@cfworker/json-schema, for pages under a Content-Security-Policy without
 * 'unsafe-eval'); the messages of violations are the same either way.
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

  const checksOf = (entry: OperationEntry): OperationChecks => {
    let checks = compiled.get(entry)
    if (checks === undefined) compiled.set(entry, (checks = new OperationChecks(prepared, entry, validator)))
    return checks
  }

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

  /** The violations of an exchange whose body texts are in hand; the Request is built only for a header or a violation. */
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
    const checks = checksOf(entry)
    const requestFindings = checks.request(url, params, exchange, requestText)
    const responseHeaders = exchange.responseHeaders ?? exchange.response.headers
    const contentType = responseHeaders.get('content-type')
    // A stream of events never ends: its body is not judged (its status, content type and headers still are).
    const responseFindings = checks.response(exchange.status ?? exchange.response.status, responseHeaders, contentType, isEventStream(contentType) ? '' : responseText)
    if (requestFindings.length === 0 && responseFindings.length === 0) return []
    const named = requestFacts(exchange, fromNetwork)
    return [...requestFindings, ...responseFindings].map((finding) => describeViolation({ ...named, operation: entry.label, ...finding }))
  }

  /** The same, reading the bodies the exchange does not give as text. */
  const violationsOf = async (exchange: Omit<ContractAnswer, 'scope'>, fromNetwork = false): Promise<ContractViolation[]> => {
    // A request without a body (most GETs) is not read: reading even an empty one costs a stream's worth of promises.
    const requestText = exchange.requestText ?? (exchange.request.body === null ? '' : await exchange.request.text())
    let responseText = exchange.responseText
    if (responseText === undefined) {
      const { response } = exchange
      responseText = isEventStream((exchange.responseHeaders ?? response.headers).get('content-type')) ? '' : await response.text()
    }
    return violationsIn(exchange, requestText, responseText, fromNetwork)
  }

  /** Keeps `violations` in `scope` and says which strategy applies to them. */
  const keep = (scope: object, violations: ContractViolation[]): ViolationStrategy | 'ignore' => {
    let list = kept.get(scope)
    if (list === undefined) kept.set(scope, (list = []))
    list.push(...violations)
    const undocumentedOnly = violations.every((violation) => violation.rule === 'undocumented')
    return undocumentedOnly ? undocumented : onViolation
  }

  const listed = (violations: ContractViolation[]): string => violations.map((violation) => `  • ${violation.message}`).join('\n')

  /** Keeps the violations of a mocked answer and applies `onViolation`: the `Error` that fails the request under 'error'. */
  const judge = (scope: object, violations: ContractViolation[]): Error | undefined => {
    if (violations.length === 0) return undefined
    const strategy = keep(scope, violations)
    if (typeof strategy === 'function') {
      for (const violation of violations) strategy(violation)
      return undefined
    }
    const heading = `[mocklib] The exchange breaks the OpenAPI contract:\n${listed(violations)}\n`
    if (strategy === 'warn') {
      console.warn(`${heading}The answer was delivered (onViolation: 'warn').`)
      return undefined
    }
    return new Error(`${heading}Fix the mock or the request so that they match the document (or use onViolation: 'warn').`)
  }

  const api: OpenApiContract = {
    violationsOf: (exchange) => violationsOf(exchange),
    check(answer) {
      const { requestText, responseText } = answer
      // Both texts in hand (a body-less request, a string-built mocked body): checked here and now, no promise.
      if (requestText !== undefined && responseText !== undefined) return judge(answer.scope, violationsIn(answer, requestText, responseText, false))
      return violationsOf(answer).then((violations) => judge(answer.scope, violations))
    },
    problemsIn(scope) {
      return kept.get(scope) ?? []
    },
  }
  if (options.checkPassthrough === true) {
    api.checkReceived = async (received) => {
      const violations = await violationsOf(received, true)
      if (violations.length === 0) return
      const strategy = keep(received.scope, violations)
      if (typeof strategy === 'function') {
        for (const violation of violations) strategy(violation)
        return
      }
      const heading = `[mocklib] The network's answer breaks the OpenAPI contract (checkPassthrough):\n${listed(violations)}\n`
      // The client already reads the real response: 'error' cannot fail the request, so it is said louder, and kept for assertContract().
      if (strategy === 'warn') console.warn(`${heading}The real API, or its document, has drifted. The response was delivered.`)
      else console.error(`${heading}The real API, or its document, has drifted. The response was delivered (a real response is never held back); assertContract() fails on it.`)
    }
  }
  // openapi<paths>() handlers read their parameters by this document (unless given their own).
  rememberDocument(prepared, api)
  return api
}

function isEventStream(contentType: string | null): boolean {
  return contentType !== null && /^text\/event-stream/i.test(contentType)
}

/** The request as violations name it: as the client's Request names it (method and URL as sent). */
function requestFacts(exchange: ContractExchange, fromNetwork: boolean): Pick<ViolationFacts, 'request' | 'fromNetwork'> {
  return { request: { method: exchange.request.method, url: exchange.request.url }, ...(fromNetwork && { fromNetwork: true as const }) }
}

let allowed: boolean | undefined

/**
 * Whether this realm lets a script build functions from text (`new Function`):
 * Node does, and so does a page whose Content-Security-Policy does not forbid
 * `'unsafe-eval'`. Asked once: a refusal costs a CSP violation report each time.
 *
 * @example
 * const engine = codeGenerationAllowed() ? 'compiled' : 'interpreted'
 */
export function codeGenerationAllowed(): boolean {
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
