import { PREFIX } from '../../kernel/index.js'

function timestamp(): string {
  const now = new Date()
  return [now.getHours(), now.getMinutes(), now.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':')
}

function displayUrl(url: string): string {
  const parsed = new URL(url)
  return parsed.origin === location.origin ? parsed.href.slice(parsed.origin.length) : parsed.href
}

// Reason phrases of the common statuses, for responses made without `statusText`.
const REASONS: Record<number, string> = {
  200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content', 301: 'Moved Permanently', 302: 'Found', 304: 'Not Modified',
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict', 422: 'Unprocessable Content',
  429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable',
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
  const status = `${response.status} ${response.statusText || (REASONS[response.status] ?? '')}`.trim()
  console.groupCollapsed(`%c${PREFIX}%c ${timestamp()} ${request.method} ${displayUrl(request.url)} (%c${status}%c)`, 'color:#ff6a33;font-weight:bold', 'color:inherit', statusColor(response.status), 'color:inherit')
  console.log('Request', request)
  console.log('Response', { status: response.status, statusText: response.statusText, headers: Object.fromEntries(response.headers) })
  console.groupEnd()
}
