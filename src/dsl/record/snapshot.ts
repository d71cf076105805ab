import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { message } from '../../kernel/index.js'
import { http } from '../http/http.js'
import type { HttpHandler } from '../http/http-handler.js'
import { bypass } from '../response/real-network.js'
import { createHar, parseHar } from './har-document.js'
import { comparableBody, HarReplay, requestBodyOf, requestFromEntry, requestText, WIRE_HEADERS, wireHeaderValue, type HarRequestKey } from './har-replay.js'
import type { Har, HarEntry } from './har-types.js'
import { REDACTED, type RedactOptions } from './redact.js'
import { toHarEntry } from './to-har-entry.js'
import { writeHarFile } from './write-har.js'

/**
 * - `'replay'`: answer from the file, never touch the network (a request it lacks fails, naming the
 *   nearest entry; handlers after this one never see it, so put overrides first).
 * - `'record'`: send everything to the network and write a new file.
 * - `'auto'`: replay what the file has, record what it lacks.
 * - `'update'`: send everything to the network and re-record the entries seen.
 *
 * @example
 * const mode: SnapshotMode = process.env.CI ? 'replay' : 'auto'
 */
export type SnapshotMode = 'replay' | 'record' | 'auto' | 'update'

/**
 * The environment variable that sets the default mode (CI sets `replay`).
 *
 * @example
 * // package.json: "test:ci": "MOCKLIB_SNAPSHOT=replay vitest run"
 */
export const SNAPSHOT_ENV = 'MOCKLIB_SNAPSHOT'

const MODES: readonly SnapshotMode[] = ['replay', 'record', 'auto', 'update']

/**
 * Options of `snapshot`.
 *
 * @example
 * snapshot('test/fixtures/github.har', { mode: 'replay', redact: { headers: ['x-session'] } })
 */
export interface SnapshotOptions {
  /** Default: `MOCKLIB_SNAPSHOT`, else `'auto'`. */
  readonly mode?: SnapshotMode
  /** What identifies a request (see `fromHar`). */
  readonly match?: HarRequestKey
  /** Extra headers and JSON body paths to redact in the file; `false` writes secrets as they are. */
  readonly redact?: RedactOptions | false
}

/**
 * One handler for the record/replay loop over a HAR file, written atomically after each recorded exchange.
 *
 * @example
 * import { setupServer, snapshot } from 'mocklib/node'
 *
 * // MOCKLIB_SNAPSHOT=replay in CI: the network is never used there.
 * const server = setupServer(snapshot('test/fixtures/github.har'))
 */
export function snapshot(path: string, options: SnapshotOptions = {}): HttpHandler {
  const file = resolve(path)
  const mode = options.mode ?? modeFromEnvironment()
  if (!MODES.includes(mode)) throw new TypeError(message(`Unknown snapshot mode "${String(mode)}".`, `Use one of ${MODES.join(', ')}.`))
  const loaded = existsSync(file) ? parseHar(readFileSync(file, 'utf8')) : undefined
  if (mode === 'replay' && loaded === undefined) {
    throw new Error(message(`snapshot(): ${file} does not exist, and mode "replay" never records.`, `Record it first: run once with ${SNAPSHOT_ENV}=record (or auto).`))
  }
  const base: Har = loaded && mode !== 'record' ? loaded : createHar([])
  const replay = new HarReplay(base, options.match)
  let kept: HarEntry[] = base.log.entries
  const fresh: HarEntry[] = []
  const updated = new Set<string>()

  const record = async (request: Request): Promise<Response> => {
    const copy = request.clone()
    const startedAt = Date.now()
    const real = await fetch(bypass(request)).catch(() => undefined)
    const durationMs = Date.now() - startedAt
    const bytes = real ? await real.arrayBuffer() : undefined
    const recorded = real && new Response(bytes, { status: real.status, statusText: real.statusText, headers: real.headers })
    const entry = await toHarEntry({ id: '', request: copy, response: recorded, outcome: 'passthrough', startedAt, durationMs }, options)
    if (mode === 'update') {
      const key = replay.keyOf(request)
      if (!updated.has(key)) {
        updated.add(key)
        kept = kept.filter((old) => replay.keyOf(requestFromEntry(old)) !== key)
      }
    }
    fresh.push(entry)
    writeHarFile(file, { ...base, log: { ...base.log, entries: [...kept, ...fresh] } })
    if (!real) return Response.error()
    const headers = new Headers(real.headers)
    for (const name of WIRE_HEADERS) headers.delete(name)
    return new Response(bytes, { status: real.status, statusText: real.statusText, headers })
  }

  if (mode === 'replay') return http.all('*', async ({ request }) => (await replay.respond(request)) ?? refuse(file, request, replay))
  if (mode === 'record' || mode === 'update') return http.all('*', ({ request }) => record(request))
  return http.all('*', async ({ request }) => (await replay.respond(request)) ?? record(request))
}

// As the `'error'` policy, whatever the handlers after this one: replay never uses the network.
async function refuse(file: string, request: Request, replay: HarReplay): Promise<Response> {
  const nearest = await describeNearestEntry(request, replay.entries)
  console.error(
    message(
      `Error: snapshot(${file}) is in "replay" mode and no recorded entry answers ${request.method} ${request.url}: ${nearest}. The request failed; replay never sends anything to the network.`,
      `Record it (${SNAPSHOT_ENV}=record or auto), or put a handler for it before snapshot().`,
    ),
  )
  return Response.error()
}

function modeFromEnvironment(): SnapshotMode {
  const value = process.env[SNAPSHOT_ENV]
  if (value === undefined || value === '') return 'auto'
  if ((MODES as readonly string[]).includes(value)) return value as SnapshotMode
  throw new TypeError(message(`${SNAPSHOT_ENV}="${value}" is not a snapshot mode.`, `Set it to one of ${MODES.join(', ')}, or unset it for "auto".`))
}

// They describe a connection or a client, not the request a recording keys on.
const NOISY_HEADERS = new Set(['host', 'connection', 'content-length', 'user-agent', 'accept-encoding', 'accept-language', 'sec-fetch-mode', 'keep-alive', 'transfer-encoding'])
const SHOWN = 60

interface Difference {
  readonly weight: number
  readonly text: string
}

async function describeNearestEntry(request: Request, entries: readonly HarEntry[]): Promise<string> {
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
  if (comparableBody(recordedBody) !== comparableBody(sent)) differences.push({ weight: 2, text: `body (recorded ${shown(recordedBody)}, sent ${shown(sent)})` })
  // Headers only explain a miss when nothing else does (a `match` key that reads one).
  if (differences.length === 0) {
    for (const { name, value } of recorded.headers) {
      const lower = name.toLowerCase()
      if (NOISY_HEADERS.has(lower) || lower.startsWith(':') || value === REDACTED) continue
      const now = request.headers.get(lower)
      if (now !== wireHeaderValue(value)) differences.push({ weight: 1, text: `header "${lower}" (recorded ${shown(value)}, sent ${now === null ? 'none' : shown(now)})` })
    }
  }
  return differences
}

function listed(values: readonly string[]): string {
  return values.length === 0 ? 'none' : values.map((value) => JSON.stringify(value)).join(', ')
}

function shown(text: string): string {
  if (text === '') return 'none'
  return JSON.stringify(text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text)
}
