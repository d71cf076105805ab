// A deep import: the dsl barrel would tie this file to every DSL module in a bundler's chunk graph.
import { statusText } from '../../dsl/response/http-response.js'
import { PREFIX } from '../../kernel/index.js'

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
 * Logs one mocked request as a collapsed console group:
 * `[mocklib] 12:04:31 GET /posts (200 OK)`, with the request and the response
 * inside. Only the response's head is logged: reading (or cloning) the body
 * would buffer streams the page has not read yet.
 */
export function logMocked(request: Request, response: Response): void {
  const status = `${response.status} ${response.statusText || statusText(response.status)}`.trim()
  console.groupCollapsed(`%c${PREFIX}%c ${timestamp()} ${request.method} ${displayUrl(request.url)} (%c${status}%c)`, 'color:#ff6a33;font-weight:bold', 'color:inherit', statusColor(response.status), 'color:inherit')
  console.log('Request', request)
  console.log('Response', { status: response.status, statusText: response.statusText, headers: Object.fromEntries(response.headers) })
  console.groupEnd()
}
