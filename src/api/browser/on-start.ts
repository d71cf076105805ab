// Loaded when the worker is created and awaited by start(): a page pays for none of it up front.
import { answerChecking, isPassthrough, parseCookieHeader, PREFIX, type AnswerCheck } from '../../kernel/index.js'
import { setCookiesOf, statusText } from '../../dsl/index.js'

export { createMockAssertions } from '../../dsl/mock/history/index.js'
export { recordRuntime } from '../../dsl/record/index.js'

function isSameOrigin(url: string): boolean {
  return new URL(url, location.href).origin === location.origin
}

/** A browser adds the page's cookies after any interception, so resolvers would never see them in `Cookie`. */
export function readPageCookies(request: Request): Record<string, string> {
  if (typeof document === 'undefined' || request.credentials === 'omit' || !isSameOrigin(request.url)) return {}
  return parseCookieHeader(document.cookie)
}

/** The request is read only when needed: a plain in-page `fetch(url)` builds it on first read. */
export function applyPageEffects(exchange: { readonly request: Request }, response: Response, quiet: boolean): void {
  if (response.type === 'error' || isPassthrough(response)) return
  const setCookies = setCookiesOf(response)
  if (setCookies.length > 0) storeResponseCookies(exchange.request, setCookies)
  if (!quiet) logMocked(exchange.request, response)
}

/** `HttpOnly` is dropped: script cannot set such cookies. */
function storeResponseCookies(request: Request, setCookies: readonly string[]): void {
  if (typeof document === 'undefined' || !isSameOrigin(request.url)) return
  for (const value of setCookies) {
    document.cookie = value
      .split(';')
      .filter((attribute) => attribute.trim().toLowerCase() !== 'httponly')
      .join(';')
  }
}

/** Only the response's head: reading (or cloning) the body would buffer streams the page has not read yet. */
function logMocked(request: Request, response: Response): void {
  const status = `${response.status} ${response.statusText || statusText(response.status)}`.trim()
  console.groupCollapsed(`%c${PREFIX}%c ${new Date().toTimeString().slice(0, 8)} ${request.method} ${displayUrl(request.url)} (%c${status}%c)`, 'color:#ff6a33;font-weight:bold', 'color:inherit', statusColor(response.status), 'color:inherit')
  console.log('Request', request)
  console.log('Response', { status: response.status, statusText: response.statusText, headers: Object.fromEntries(response.headers) })
  console.groupEnd()
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

/** A refused answer fails the page's request with a `TypeError` that carries no reason: the console says why. */
export function printedRefusals(check: AnswerCheck): AnswerCheck {
  const alone = [check]
  const printed = (failure: Error | undefined): Error | undefined => {
    if (failure !== undefined) console.error(failure.message)
    return failure
  }
  const printing: AnswerCheck = {
    check(answer) {
      // Loaded by now: the runtime calls checks from the answer-checking code.
      const verdict = answerChecking.use((running) => running.runAnswerChecks(alone, answer))
      return verdict instanceof Promise ? verdict.then(printed) : printed(verdict)
    },
  }
  // Only a check that reads real responses may have it: its presence makes the runtime copy them.
  if (check.checkReceived !== undefined) printing.checkReceived = check.checkReceived.bind(check)
  return printing
}
