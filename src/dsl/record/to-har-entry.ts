import { setCookieValues, type CompletedExchange as KernelCompletedExchange } from '../../kernel/index.js'
import { decodeBody, encodeBody } from './body-encoding.js'
import type { HarCookie, HarEntry, HarNameValue, HarPostData, HarRequest, HarResponse } from './har-types.js'
import { createRedactor, REDACTED, type RedactOptions, type Redactor } from './redact.js'

export type CompletedExchange = Omit<KernelCompletedExchange, 'scope'>

/** Redacts while it builds, so a secret is never held. */
export async function toHarEntry(completed: CompletedExchange, options: { readonly redact?: RedactOptions | false } = {}): Promise<HarEntry> {
  const [requestBytes, responseBytes] = await Promise.all([bytesOf(completed.request), bytesOf(completed.response)])
  return harEntryFromBytes(completed, requestBytes, responseBytes, createRedactor(options.redact))
}

/** Synchronous, so a recorder can build the entry the moment the last byte arrives. */
export function harEntryFromBytes(completed: CompletedExchange, requestBytes: Uint8Array, responseBytes: Uint8Array, redactor: Redactor): HarEntry {
  const wait = Math.max(0, completed.durationMs)
  return {
    startedDateTime: new Date(completed.startedAt).toISOString(),
    time: wait,
    request: harRequest(completed.request, requestBytes, redactor),
    response: harResponse(completed.response, responseBytes, redactor),
    cache: {},
    timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait, receive: 0 },
    _outcome: completed.outcome,
  }
}

async function bytesOf(message: Request | Response | undefined): Promise<Uint8Array> {
  if (message === undefined || message.body === null) return new Uint8Array(0)
  return new Uint8Array(await message.arrayBuffer())
}

function harHeaders(headers: Headers, redactor: Redactor): HarNameValue[] {
  const list: HarNameValue[] = []
  // Each Set-Cookie apart: forEach would join them with commas.
  headers.forEach((value, name) => {
    if (name !== 'set-cookie') list.push({ name, value: redactor.header(name) ? REDACTED : value })
  })
  for (const value of setCookieValues(headers)) list.push({ name: 'set-cookie', value: redactor.header('set-cookie') ? REDACTED : value })
  return list
}

function harRequest(request: Request, bytes: Uint8Array, redactor: Redactor): HarRequest {
  const url = new URL(request.url)
  const cookies = (request.headers.get('cookie') ?? '')
    .split(';')
    .filter((pair) => pair.trim() !== '')
    .map((pair) => (redactor.header('cookie') ? { ...cookieOf(pair), value: REDACTED } : cookieOf(pair)))
  const harRequest: HarRequest = {
    method: request.method,
    url: url.href,
    httpVersion: 'HTTP/1.1',
    cookies,
    headers: harHeaders(request.headers, redactor),
    queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
    headersSize: -1,
    bodySize: bytes.length,
  }
  if (request.body !== null) harRequest.postData = postData(bytes, request.headers.get('content-type') ?? '', redactor)
  return harRequest
}

function postData(bytes: Uint8Array, mimeType: string, redactor: Redactor): HarPostData {
  const body = encodeBody(bytes, mimeType)
  if (body.base64) return { mimeType, text: body.text, _encoding: 'base64' }
  const data: HarPostData = { mimeType, text: redactor.jsonText(body.text) }
  if (/^application\/x-www-form-urlencoded\b/i.test(mimeType)) {
    data.params = [...new URLSearchParams(body.text)].map(([name, value]) => ({ name, value }))
  }
  return data
}

function harResponse(response: Response | undefined, bytes: Uint8Array, redactor: Redactor): HarResponse {
  if (response === undefined || response.type === 'error') {
    return {
      status: 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      content: { size: 0, mimeType: 'x-unknown' },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
      _error: 'network error',
    }
  }
  const mimeType = response.headers.get('content-type') ?? ''
  const body = encodeBody(bytes, mimeType)
  const text = body.base64 ? body.text : redactor.jsonText(body.text)
  return {
    status: response.status,
    statusText: response.statusText,
    httpVersion: 'HTTP/1.1',
    cookies: setCookieValues(response.headers).map((header) => {
      const cookie = responseCookie(header)
      return redactor.header('set-cookie') ? { ...cookie, value: REDACTED } : cookie
    }),
    headers: harHeaders(response.headers, redactor),
    content: {
      size: body.base64 || text === body.text ? bytes.length : decodeBody(text, false).length,
      mimeType: mimeType || 'x-unknown',
      ...(bytes.length > 0 || response.body !== null ? { text } : {}),
      ...(body.base64 ? { encoding: 'base64' } : {}),
    },
    redirectURL: response.headers.get('location') ?? '',
    headersSize: -1,
    bodySize: bytes.length,
  }
}

function responseCookie(header: string): HarCookie {
  const [pair = '', ...attributes] = header.split(';')
  const cookie = cookieOf(pair)
  for (const attribute of attributes) {
    const [rawKey = '', ...rest] = attribute.split('=')
    const key = rawKey.trim().toLowerCase()
    const value = rest.join('=').trim()
    if (key === 'path') cookie.path = value
    else if (key === 'domain') cookie.domain = value
    else if (key === 'expires') {
      const date = new Date(value)
      if (!Number.isNaN(date.getTime())) cookie.expires = date.toISOString()
    } else if (key === 'httponly') cookie.httpOnly = true
    else if (key === 'secure') cookie.secure = true
  }
  return cookie
}

function cookieOf(pair: string): HarCookie {
  const at = pair.indexOf('=')
  return at === -1 ? { name: pair.trim(), value: '' } : { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() }
}
