import { requestBodyOf, requestFromEntry, responseFromEntry } from './har-response.js'
import type { Har, HarEntry } from './har-types.js'

/** What identifies a request among the recorded ones: requests with equal keys are the same request. */
export type HarRequestKey = (request: Request) => string

/**
 * The default key: method and full URL, query included (`GET https://api.test/users?page=2`).
 *
 * @example
 * // Extend it rather than start over: the default key plus a header.
 * fromHar(har, { match: (request) => `${defaultRequestKey(request)} ${request.headers.get('x-tenant')}` })
 */
export const defaultRequestKey: HarRequestKey = (request) => `${request.method} ${request.url}`

interface Group {
  readonly entries: HarEntry[]
  /** Entries by body; when it holds more than one body, the body picks the entry. */
  readonly bodies: Map<string, HarEntry[]>
}

/**
 * Answers requests from recorded entries: by key, then by body when entries of
 * one key recorded different bodies; entries of one key answer in recorded
 * order and the last one repeats. Shared by `fromHar` and `snapshot`.
 */
export class HarReplay {
  readonly #key: HarRequestKey
  readonly #groups = new Map<string, Group>()
  readonly #used = new Map<string, number>()
  readonly #entries: HarEntry[] = []

  constructor(har: Har, key: HarRequestKey = defaultRequestKey) {
    this.#key = key
    // A Response cannot carry an informational status (a recorded 101 upgrade, say): those entries are left out.
    for (const entry of har.log.entries) if (entry.response.status === 0 || entry.response.status >= 200) this.add(entry)
  }

  /** Files one more entry (it answers after the ones of its key already filed). */
  add(entry: HarEntry): void {
    this.#entries.push(entry)
    const key = this.#key(requestFromEntry(entry))
    let group = this.#groups.get(key)
    if (!group) this.#groups.set(key, (group = { entries: [], bodies: new Map() }))
    group.entries.push(entry)
    const body = bodyKey(requestBodyOf(entry))
    const sameBody = group.bodies.get(body)
    if (sameBody) sameBody.push(entry)
    else group.bodies.set(body, [entry])
  }

  /** True when some entry has the key of `request` (whatever its body). */
  has(request: Request): boolean {
    return this.#groups.has(this.#key(request))
  }

  /**
   * True when an entry answers `request`: its key, and its body when entries of
   * that key recorded different bodies (reads a clone). The handler's
   * predicate: a request no entry answers is not matched, so it stays
   * unhandled instead of being sent on.
   */
  async answers(request: Request): Promise<boolean> {
    const group = this.#groups.get(this.#key(request))
    if (!group) return false
    if (group.bodies.size <= 1) return true
    return group.bodies.has(await requestBodyKey(request))
  }

  /** Every entry filed, in the order filed. */
  get entries(): readonly HarEntry[] {
    return this.#entries
  }

  keyOf(request: Request): string {
    return this.#key(request)
  }

  /** The next recorded entry for `request`, or `undefined` when none was recorded. Reads a clone of the body. */
  async next(request: Request): Promise<HarEntry | undefined> {
    const key = this.#key(request)
    const group = this.#groups.get(key)
    if (!group) return undefined
    let candidates = group.entries
    let slot = key
    if (group.bodies.size > 1) {
      const body = await requestBodyKey(request)
      const matching = group.bodies.get(body)
      if (!matching) return undefined
      candidates = matching
      slot = `${key}\n${body}`
    }
    const used = this.#used.get(slot) ?? 0
    this.#used.set(slot, used + 1)
    return candidates[Math.min(used, candidates.length - 1)]
  }

  /** The next recorded answer for `request` as a fresh `Response`, or `undefined`. */
  async respond(request: Request): Promise<Response | undefined> {
    const entry = await this.next(request)
    return entry && responseFromEntry(entry)
  }
}

async function requestBodyKey(request: Request): Promise<string> {
  return bodyKey(request.body === null ? undefined : new Uint8Array(await request.clone().arrayBuffer()))
}

/** Bodies compare by bytes, JSON bodies by value (whitespace and formatting aside). */
function bodyKey(bytes: Uint8Array | undefined): string {
  if (bytes === undefined || bytes.length === 0) return ''
  const text = new TextDecoder().decode(bytes)
  try {
    return JSON.stringify(JSON.parse(text))
  } catch {
    return text
  }
}
