import { wireHeaderValue } from './har-header-value.js'
import { requestBodyOf } from './har-response.js'
import type { HarEntry } from './har-types.js'

/**
 * Why a request missed a recording, said as a user fixes it: the recorded
 * entry nearest to the request, and what differs between them (method, URL,
 * each query parameter, body, or the headers when nothing else differs).
 */

// Headers that describe a connection or a client, not the request a recording keys on.
const NOISY_HEADERS = new Set(['host', 'connection', 'content-length', 'user-agent', 'accept-encoding', 'accept-language', 'sec-fetch-mode', 'keep-alive', 'transfer-encoding'])
const SHOWN = 60

interface Difference {
  readonly weight: number
  readonly text: string
}

/**
 * A sentence naming the entry of `entries` nearest to `request` and what
 * differs. Reads a clone of the request body.
 *
 * @example
 * await describeNearestEntry(new Request('https://api.test/users?page=2'), har.log.entries)
 * // 'the nearest recorded entry is GET https://api.test/users?page=1; it differs in query "page" (recorded "1", sent "2")'
 */
export async function describeNearestEntry(request: Request, entries: readonly HarEntry[]): Promise<string> {
  if (entries.length === 0) return 'the recording has no entries'
  const sent = await requestText(request)
  let best: { entry: HarEntry; differences: Difference[]; score: number } | undefined
  for (const entry of entries) {
    const differences = compare(request, sent, entry)
    const score = differences.reduce((sum, { weight }) => sum + weight, 0)
    if (best === undefined || score < best.score) best = { entry, differences, score }
  }
  const { entry, differences } = best!
  const named = `${entry.request.method} ${entry.request.url}`
  if (differences.length === 0) return `the nearest recorded entry is ${named}, which this request matches except for what the replay's \`match\` key adds`
  return `the nearest recorded entry is ${named}; it differs in ${differences.map(({ text }) => text).join(', ')}`
}

function compare(request: Request, sent: string, entry: HarEntry): Difference[] {
  const differences: Difference[] = []
  const recorded = entry.request
  if (recorded.method !== request.method) differences.push({ weight: 4, text: `method (recorded ${recorded.method}, sent ${request.method})` })
  const recordedUrl = new URL(recorded.url)
  const sentUrl = new URL(request.url)
  const recordedPlace = recordedUrl.origin + recordedUrl.pathname
  const sentPlace = sentUrl.origin + sentUrl.pathname
  if (recordedPlace !== sentPlace) differences.push({ weight: 8, text: `URL (recorded ${recordedPlace}, sent ${sentPlace})` })
  for (const name of new Set([...recordedUrl.searchParams.keys(), ...sentUrl.searchParams.keys()])) {
    const before = recordedUrl.searchParams.getAll(name)
    const now = sentUrl.searchParams.getAll(name)
    if (before.join('&') !== now.join('&')) differences.push({ weight: 1, text: `query "${name}" (recorded ${listed(before)}, sent ${listed(now)})` })
  }
  const body = requestBodyOf(entry)
  const recordedBody = body === undefined ? '' : new TextDecoder().decode(body)
  if (comparable(recordedBody) !== comparable(sent)) differences.push({ weight: 2, text: `body (recorded ${shown(recordedBody)}, sent ${shown(sent)})` })
  // Headers only explain a miss when nothing else does (a `match` key that reads one).
  if (differences.length === 0) {
    for (const { name, value } of recorded.headers) {
      const lower = name.toLowerCase()
      if (NOISY_HEADERS.has(lower) || lower.startsWith(':') || value === '[redacted]') continue
      const now = request.headers.get(lower)
      if (now !== wireHeaderValue(value)) differences.push({ weight: 1, text: `header "${lower}" (recorded ${shown(value)}, sent ${now === null ? 'none' : shown(now)})` })
    }
  }
  return differences
}

async function requestText(request: Request): Promise<string> {
  if (request.body === null) return ''
  return new TextDecoder().decode(await request.clone().arrayBuffer())
}

/** JSON compares by value, as the replay does. */
function comparable(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text))
  } catch {
    return text
  }
}

function listed(values: readonly string[]): string {
  return values.length === 0 ? 'none' : values.map((value) => JSON.stringify(value)).join(', ')
}

function shown(text: string): string {
  if (text === '') return 'none'
  return JSON.stringify(text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text)
}
