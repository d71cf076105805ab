import { NULL_BODY_STATUSES } from '../../kernel/index.js'
import { http } from '../http/http.js'
import type { HttpHandler } from '../http/http-handler.js'
import { decodeBody } from './body-encoding.js'
import { parseHar } from './har-document.js'
import type { Har, HarEntry } from './har-types.js'

/**
 * Options of `fromHar`.
 *
 * @example
 * server.use(...fromHar(har, { match: (request) => `${request.method} ${new URL(request.url).pathname}` }))
 */
export interface FromHarOptions {
  /**
   * What identifies a request (default: method and full URL); called with live requests and with one rebuilt from each entry.
   *
   * @example
   * match: (request) => `${request.method} ${request.url.split('?')[0]}` // the query aside
   */
  readonly match?: HarRequestKey
}

/**
 * Handlers answering the requests a HAR recorded: by method and URL, and by body when entries
 * share them; the same key answers in recorded order and the last one repeats. Other requests go
 * on to the next handler.
 *
 * @example
 * import { fromHar } from 'mocklib'
 * import { setupServer } from 'mocklib/node'
 * import { readFileSync } from 'node:fs'
 *
 * const server = setupServer(...fromHar(readFileSync('fixtures/api.har', 'utf8')))
 */
export function fromHar(har: Har | string, options: FromHarOptions = {}): HttpHandler[] {
  const replay = new HarReplay(parseHar(har), options.match)
  return [http.all(({ request }) => replay.answers(request), ({ request }) => replay.respond(request))]
}

/**
 * Requests with equal keys are the same request.
 *
 * @example
 * const key: HarRequestKey = (request) => `${request.method} ${new URL(request.url).pathname}`
 */
export type HarRequestKey = (request: Request) => string

interface Group {
  readonly entries: HarEntry[]
  /** When it holds more than one body, the body picks the entry. */
  readonly bodies: Map<string, HarEntry[]>
}

export class HarReplay {
  readonly keyOf: HarRequestKey
  readonly entries: readonly HarEntry[]
  readonly #groups = new Map<string, Group>()
  readonly #used = new Map<string, number>()

  constructor(har: Har, key: HarRequestKey = (request) => `${request.method} ${request.url}`) {
    this.keyOf = key
    // A Response cannot carry an informational status (a recorded 101 upgrade).
    this.entries = har.log.entries.filter(({ response }) => !(response.status !== 0 && response.status < 200))
    for (const entry of this.entries) {
      const key = this.keyOf(requestFromEntry(entry))
      let group = this.#groups.get(key)
      if (!group) this.#groups.set(key, (group = { entries: [], bodies: new Map() }))
      group.entries.push(entry)
      const body = bodyKey(requestBodyOf(entry))
      const sameBody = group.bodies.get(body)
      if (sameBody) sameBody.push(entry)
      else group.bodies.set(body, [entry])
    }
  }

  /** A request no entry answers stays unhandled instead of being sent on. */
  async answers(request: Request): Promise<boolean> {
    return (await this.#candidates(request)) !== undefined
  }

  async respond(request: Request): Promise<Response | undefined> {
    const found = await this.#candidates(request)
    if (!found) return undefined
    const used = this.#used.get(found.slot) ?? 0
    this.#used.set(found.slot, used + 1)
    return responseFromEntry(found.entries[Math.min(used, found.entries.length - 1)]!)
  }

  /** The entries that can answer `request`, and the slot counting their turns; the body is read only when it decides. */
  async #candidates(request: Request): Promise<{ readonly entries: HarEntry[]; readonly slot: string } | undefined> {
    const key = this.keyOf(request)
    const group = this.#groups.get(key)
    if (!group) return undefined
    if (group.bodies.size <= 1) return { entries: group.entries, slot: key }
    const body = comparableBody(await requestText(request))
    const entries = group.bodies.get(body)
    return entries && { entries, slot: `${key}\n${body}` }
  }
}

export async function requestText(request: Request): Promise<string> {
  return request.body === null ? '' : new TextDecoder().decode(await request.clone().arrayBuffer())
}

function bodyKey(bytes: Uint8Array | undefined): string {
  return bytes === undefined ? '' : comparableBody(new TextDecoder().decode(bytes))
}

/** JSON bodies compare by value, formatting aside. */
export function comparableBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text))
  } catch {
    return text
  }
}

/** They described the wire, not the decoded whole body a recording holds. */
export const WIRE_HEADERS: ReadonlySet<string> = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive'])

function responseFromEntry(entry: HarEntry): Response {
  const { response } = entry
  if (response.status === 0) return Response.error()
  const headers = new Headers()
  for (const { name, value } of response.headers) {
    if (!WIRE_HEADERS.has(name.toLowerCase())) headers.append(name, wireHeaderValue(value))
  }
  const { text, encoding } = response.content
  const hasBody = text !== undefined && !NULL_BODY_STATUSES.has(response.status) && entry.request.method !== 'HEAD'
  const body = hasBody ? decodeBody(text, encoding === 'base64') : null
  return new Response(body as BodyInit | null, { status: response.status, statusText: response.statusText, headers })
}

export function requestBodyOf(entry: HarEntry): Uint8Array | undefined {
  const data = entry.request.postData
  if (data?.text === undefined) return undefined
  return decodeBody(data.text, data._encoding === 'base64')
}

export function requestFromEntry(entry: HarEntry): Request {
  const { request } = entry
  const headers = new Headers()
  for (const { name, value } of request.headers) {
    try {
      headers.append(name, wireHeaderValue(value))
    } catch {
      // A header a Request refuses (a recorded HTTP/2 pseudo-header) is left out.
    }
  }
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : requestBodyOf(entry)
  return new Request(request.url, { method: request.method, headers, body: (body ?? null) as BodyInit | null })
}

const LATIN1_ONLY = /^[\u0000-\u00ff]*$/

/**
 * Clients read header bytes one character per byte (latin1). A value above U+00FF was decoded as
 * UTF-8 by its tool (DevTools do), so its UTF-8 bytes are what the server sent.
 */
export function wireHeaderValue(value: string): string {
  return LATIN1_ONLY.test(value) ? value : String.fromCharCode(...new TextEncoder().encode(value))
}
