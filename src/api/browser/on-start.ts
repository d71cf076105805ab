// The part of setupWorker loaded with import() as soon as the worker is created and awaited by
// start(): nothing is intercepted before start(), so a page pays for none of it in the bundle it
// loads up front. Request history, the mock builder's assertions and HAR recording (see
// lazy-history.ts), and what the page does with answers: cookies, the console log, printed refusals.
import { answerChecking, isPassthrough, parseCookieHeader, PREFIX, type AnswerCheck } from '../../kernel/index.js'
import { setCookiesOf, statusText } from '../../dsl/index.js'

export { createMockAssertions } from '../../dsl/mock/history/index.js'
export { recordRuntime } from '../../dsl/record/index.js'

function isSameOrigin(url: string): boolean {
  return new URL(url, location.href).origin === location.origin
}

/**
 * The page's cookies for a request: a browser adds them on the network, after
 * any interception, so resolvers would never see them in the `Cookie` header.
 * Given for same-origin requests that send credentials, as the browser would.
 */
export function readPageCookies(request: Request): Record<string, string> {
  if (typeof document === 'undefined' || request.credentials === 'omit' || !isSameOrigin(request.url)) return {}
  return parseCookieHeader(document.cookie)
}

/**
 * What a browser does with a mocked answer, done for the page's requests:
 * store its cookies in `document.cookie` and (unless `quiet`) log it. Called
 * by a runtime observer, so the Service Worker and in-page sources share it.
 * The request is read from `exchange` only when there is something to do: a
 * plain in-page `fetch(url)` builds its Request on first read (see
 * `PageFetchExchange`), and a quiet answer without cookies needs none.
 */
export function applyPageEffects(exchange: { readonly request: Request }, response: Response, quiet: boolean): void {
  if (response.type === 'error' || isPassthrough(response)) return
  const setCookies = setCookiesOf(response)
  if (setCookies.length > 0) storeResponseCookies(exchange.request, setCookies)
  if (!quiet) logMocked(exchange.request, response)
}

/**
 * Writes the `Set-Cookie` values of a mocked same-origin response to
 * `document.cookie`, where the browser would have stored them. `HttpOnly` is
 * dropped (script cannot set such cookies); everything else is kept.
 */
function storeResponseCookies(request: Request, setCookies: readonly string[]): void {
  if (setCookies.length === 0 || typeof document === 'undefined' || !isSameOrigin(request.url)) return
  for (const value of setCookies) {
    document.cookie = value
      .split(';')
      .filter((attribute) => attribute.trim().toLowerCase() !== 'httponly')
      .join(';')
  }
}

/**
 * Logs one mocked request as a collapsed console group:
 * `[mocklib] 12:04:31 GET /posts (200 OK)`, with the request and the response
 * inside. Only the response's head is logged: reading (or cloning) the body
 * would buffer streams the page has not read yet.
 */
function logMocked(request: Request, response: Response): void {
  const status = `${response.status} ${response.statusText || statusText(response.status)}`.trim()
  console.groupCollapsed(`%c${PREFIX}%c ${timestamp()} ${request.method} ${displayUrl(request.url)} (%c${status}%c)`, 'color:#ff6a33;font-weight:bold', 'color:inherit', statusColor(response.status), 'color:inherit')
  console.log('Request', request)
  console.log('Response', { status: response.status, statusText: response.statusText, headers: Object.fromEntries(response.headers) })
  console.groupEnd()
}

function timestamp(): string {
  const now = new Date()
  return [now.getHours(), now.getMinutes(), now.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':')
}

function displayUrl(url: string): string {
  const parsed = new URL(url)
  return parsed.origin === location.origin ? parsed.href.slice(parsed.origin.length) : parsed.href
}

function statusColor(status: number): string {
  if (status >= 500) return 'color:#e95f5d'
  if (status >= 400) return 'color:#f0a202'
  return 'color:#69ab32'
}

/**
 * `check`, saying in the page's console why it refused an answer: the request
 * then fails as a network error (through the Service Worker a plain
 * `TypeError` that carries no reason, as Fetch's network errors never do), so
 * the console is the only place the page's developer can read the reason. An
 * unhandled request under `onUnhandledRequest: 'error'` is reported the same
 * way (as msw does). A check that throws is a refusal too, and printed alike.
 * What `check` reads of real responses (`checkReceived`) is left as it is.
 */
export function printedRefusals(check: AnswerCheck): AnswerCheck {
  const alone = [check]
  const printed = (failure: Error | undefined): Error | undefined => {
    if (failure !== undefined) console.error(failure.message)
    return failure
  }
  const printing: AnswerCheck = {
    check(answer) {
      // The runtime calls a check from the answer-checking code, so it has loaded by now.
      const verdict = answerChecking.use((running) => running.runAnswerChecks(alone, answer))
      return verdict instanceof Promise ? verdict.then(printed) : printed(verdict)
    },
  }
  // Only a check that reads real responses may have the method: its presence is what makes the runtime copy them.
  const { checkReceived } = check
  if (checkReceived !== undefined) printing.checkReceived = (received) => checkReceived.call(check, received)
  return printing
}
