import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { message } from '../../kernel/index.js'
import { http } from '../http/http.js'
import type { HttpHandler } from '../http/http-handler.js'
import { bypass } from '../response/real-network.js'
import { createHar, parseHar } from './har-document.js'
import { HarReplay, type HarRequestKey } from './har-replay.js'
import { requestFromEntry } from './har-response.js'
import type { Har, HarEntry } from './har-types.js'
import { createRedactor, type RedactOptions } from './redact.js'
import { buildHarEntry } from './to-har-entry.js'
import { writeHarFile } from './write-har.js'

/**
 * - `'replay'`: answer from the file, never touch the network (a request the
 *   file lacks fails, with an error naming the nearest entry and what differs;
 *   handlers after this one never see it, so put overrides first).
 * - `'record'`: send everything to the network and write a new file.
 * - `'auto'`: replay what the file has, record what it lacks.
 * - `'update'`: send everything to the network and re-record the entries seen.
 */
export type SnapshotMode = 'replay' | 'record' | 'auto' | 'update'

/**
 * The environment variable that sets the default mode (CI sets `replay`).
 *
 * @example
 * // package.json: "test:ci": "MOCKLIB_SNAPSHOT=replay vitest run"
 * process.env[SNAPSHOT_ENV] = 'replay'
 */
export const SNAPSHOT_ENV = 'MOCKLIB_SNAPSHOT'

const MODES: readonly SnapshotMode[] = ['replay', 'record', 'auto', 'update']

/** Options of `snapshot`. */
export interface SnapshotOptions {
  /** Default: `MOCKLIB_SNAPSHOT`, else `'auto'`. */
  readonly mode?: SnapshotMode
  /** What identifies a request (see `fromHar`). */
  readonly match?: HarRequestKey
  /** Extra headers and JSON body paths to redact in the file; `false` writes secrets as they are. */
  readonly redact?: RedactOptions | false
}

/**
 * One handler for the record/replay loop over a HAR file. Recorded exchanges
 * are written to the file as soon as each completes (atomically, through a
 * temporary file), so nothing depends on `server.close()` being reached.
 * Existing entries are kept as they are (`'auto'`), answered in recorded order.
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
  const redactor = createRedactor(options.redact)
  const loaded = existsSync(file) ? parseHar(readFileSync(file, 'utf8')) : undefined
  if (mode === 'replay' && loaded === undefined) {
    throw new Error(message(`snapshot(): ${file} does not exist, and mode "replay" never records.`, `Record it first: run once with ${SNAPSHOT_ENV}=record (or auto).`))
  }
  const base: Har = loaded && mode !== 'record' ? loaded : createHar([])
  const replay = new HarReplay(base, options.match)
  let kept: HarEntry[] = base.log.entries
  const fresh: HarEntry[] = []
  const updated = new Set<string>()

  const write = () => writeHarFile(file, { ...base, log: { ...base.log, entries: [...kept, ...fresh] } })

  const record = async (request: Request): Promise<Response> => {
    const copy = request.clone()
    const startedAt = Date.now()
    let real: Response | undefined
    try {
      real = await fetch(bypass(request))
    } catch {
      real = undefined
    }
    const durationMs = Date.now() - startedAt
    const bytes = real ? await real.arrayBuffer() : undefined
    const recorded = real && new Response(bytes, { status: real.status, statusText: real.statusText, headers: real.headers })
    const entry = await buildHarEntry({ id: '', request: copy, response: recorded, outcome: 'passthrough', startedAt, durationMs }, redactor)
    if (mode === 'update') {
      const key = replay.keyOf(request)
      if (!updated.has(key)) {
        updated.add(key)
        kept = kept.filter((old) => replay.keyOf(requestFromEntry(old)) !== key)
      }
    }
    fresh.push(entry)
    write()
    if (!real) return Response.error()
    const headers = new Headers(real.headers)
    for (const name of ['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']) headers.delete(name)
    return new Response(bytes, { status: real.status, statusText: real.statusText, headers })
  }

  if (mode === 'replay') return http.all('*', async ({ request }) => (await replay.answers(request) ? await replay.respond(request) : undefined) ?? refuse(file, request, replay))
  if (mode === 'record' || mode === 'update') return http.all('*', ({ request }) => record(request))
  return http.all('*', async ({ request }) => {
    if (replay.has(request)) {
      const answer = await replay.respond(request)
      if (answer) return answer
    }
    return record(request)
  })
}

/**
 * A request the file has no entry for, in `'replay'`: it fails as an unhandled
 * request does under `'error'`, whatever the unhandled-request policy and the
 * handlers after this one would do, since replay never uses the network.
 */
async function refuse(file: string, request: Request, replay: HarReplay): Promise<Response> {
  // Only a miss needs the diagnosis: loaded then, not with mocklib/node.
  const { describeNearestEntry } = await import('./nearest-entry.js')
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
