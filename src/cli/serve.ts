import { existsSync, readFileSync, statSync, watch } from 'node:fs'
import { basename, dirname, extname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { message, type Handler } from '../kernel/index.js'
import type { HarEntry } from '../dsl/index.js'
import { writeHarFile } from '../dsl/record/write-har.js'
import type { MockServer } from '../api/server.js'
import { setSource } from '../api/server/handler-source.js'
import { parseArguments } from './arguments.js'
import { markHandlerLines } from './handler-lines.js'

export const SERVE_USAGE = `Usage: npx mocklib serve <source>... [--port 9090] [--host 127.0.0.1] [--proxy <origin>]
                         [--watch] [--record <out.har>] [--contract] [--max-body <bytes>] [--history <count>]
                         [--admin-token <token>]

  Serves the handlers of each <source> over HTTP, in the order given:
    a module (.js .mjs .cjs .ts .mts .cts) exporting \`default [...]\` or \`handlers\`
      (TypeScript through Node's own type stripping: Node 22.18+, 23.6+ or 24),
    an OpenAPI 3.x document (.yaml .yml .json), served as fromOpenApi() serves it,
    a HAR recording (.har), each entry answered by method, path and query.
  Prints the URL it listens on as its first line. Unhandled requests get 404,
  or go to --proxy. --record writes every proxied exchange to <out.har> as it
  happens; 'mocklib serve out.har' plays it back. --contract checks each request
  for an operation of an OpenAPI source against its document first: one that
  breaks it gets 400 (parameters) or 422 (body), naming each violation. --watch reloads the sources
  when their files change (the modules they import are not reloaded). The inspector is at <url>/__mocklib/ (loopback clients
  only, unless --admin-token is given: then send it as a Bearer token or ?token=).`

const MODULE_EXTENSIONS = new Set(['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts'])
const TYPESCRIPT_EXTENSIONS = new Set(['.ts', '.mts', '.cts'])

/** A one-line error the command prints before it exits with `code`. */
export class ServeError extends Error {
  constructor(
    text: string,
    readonly code = 1,
  ) {
    super(text)
  }
}

const VALUE_OPTIONS = ['--port', '--host', '--proxy', '--max-body', '--history', '--admin-token', '--record']
const FLAGS = ['--watch', '--contract']

function parseServeArguments(args: readonly string[]) {
  const unknown = (name: string): never => {
    throw new ServeError(message(`serve: unknown option ${name}.`, `Known options: ${[...VALUE_OPTIONS, ...FLAGS].join(', ')}.`), 2)
  }
  const { positionals: sources, values, flags } = parseArguments(args, { values: VALUE_OPTIONS, flags: FLAGS, unknown })
  for (const [name, value] of values) if (value === undefined) throw new ServeError(message(`serve: ${name} needs a value.`), 2)
  if (sources.length === 0) throw new ServeError(message('serve needs at least one source: a handler module, an OpenAPI document or a HAR file.'), 2)
  const count = (name: string): number | undefined => {
    const raw = values.get(name)
    if (raw === undefined) return undefined
    const value = Number(raw)
    if (!Number.isInteger(value) || value < 0) throw new ServeError(message(`serve: ${name} must be a whole number, got "${raw}".`), 2)
    return value
  }
  const port = count('--port') ?? 9090
  if (port > 65535) throw new ServeError(message(`serve: --port must be at most 65535, got ${port}.`), 2)
  return {
    sources,
    port,
    host: values.get('--host') ?? '127.0.0.1',
    proxy: values.get('--proxy'),
    maxBodyBytes: count('--max-body'),
    historyLimit: count('--history'),
    adminToken: values.get('--admin-token'),
    record: values.get('--record'),
    watch: flags.has('--watch'),
    contract: flags.has('--contract'),
  }
}

function kindOf(file: string, path: string): 'module' | 'har' | 'openapi' {
  const extension = extname(path).toLowerCase()
  if (MODULE_EXTENSIONS.has(extension)) return 'module'
  if (extension === '.har') return 'har'
  if (extension === '.yaml' || extension === '.yml') return 'openapi'
  if (extension === '.json') {
    const document = parseJson(file, path)
    return typeof document === 'object' && document !== null && 'log' in document ? 'har' : 'openapi'
  }
  throw new ServeError(message(`serve: ${file} is no source mocklib can serve (${extension || 'no extension'}).`, 'Give a .js/.ts module, an OpenAPI .yaml/.json document or a .har file.'))
}

/** Under `contract`, the OpenAPI sources' guards come first: no handler answers a request that breaks its document. */
async function loadSources(sources: readonly string[], contract: boolean, generation = 0): Promise<Handler[]> {
  const guards: Handler[] = []
  const handlers: Handler[] = []
  for (const file of sources) {
    const path = resolve(file)
    if (!existsSync(path)) throw new ServeError(message(`serve: ${file} does not exist.`, 'Check the path (it is read relative to the current directory).'))
    if (statSync(path).isDirectory()) throw new ServeError(message(`serve: ${file} is a directory.`, 'Name a handler module, an OpenAPI document or a HAR file.'))
    const kind = kindOf(file, path)
    const loaded = kind === 'module' ? await loadModule(file, path, generation) : kind === 'har' ? await loadHar(file, path) : await loadOpenApi(file, path)
    markHandlerLines(file, loaded, kind)
    handlers.push(...loaded)
    if (contract && kind === 'openapi') guards.push(await contractGuard(file, path))
  }
  if (contract && guards.length === 0) throw new ServeError(message('serve: --contract needs an OpenAPI source to check requests against.', 'Add the OpenAPI document (.yaml, .yml or .json) to the sources.'), 2)
  return [...guards, ...handlers]
}

/** As Prism validates: a request that breaks the document gets 400 (a parameter) or 422 (the body) with a problem document. */
async function contractGuard(file: string, path: string): Promise<Handler> {
  const [{ contract }, { http }] = await Promise.all([import('mocklib/openapi'), import('mocklib')])
  const api = await failingAs(`serve: ${file} could not be read as an OpenAPI contract`, async () => contract(path, { baseUrl: await servedBasePath(path), undocumented: 'ignore' }))
  // The contract judges whole exchanges; only what the client sent is judged here, so the answer is a blank.
  const blank = new Response(null, { status: 200 })
  const guard = http.all('*', async ({ request }) => {
    const violations = (await api.violationsOf({ request: request.clone(), response: blank })).filter((violation) => violation.side === 'request')
    if (violations.length === 0) return undefined
    const status = violations.some((violation) => violation.part === 'body' || violation.part === 'content-type') ? 422 : 400
    const problem = {
      title: 'The request breaks the OpenAPI contract',
      status,
      detail: violations.map((violation) => violation.message).join('\n'),
      violations: violations.map(({ message: text, part, name, pointer, rule }) => ({ part, ...(name !== undefined && { name }), ...(pointer !== undefined && { pointer }), rule, message: text })),
    }
    return new Response(JSON.stringify(problem), { status, headers: { 'content-type': 'application/problem+json' } })
  })
  setSource(guard, file)
  return guard
}

async function loadModule(file: string, path: string, generation: number): Promise<Handler[]> {
  const extension = extname(path).toLowerCase()
  if (TYPESCRIPT_EXTENSIONS.has(extension) && !canStripTypes()) {
    throw new ServeError(message(`serve: ${file} is TypeScript, which Node ${process.versions.node} does not load by itself.`, 'Use Node 22.18+ (or 23.6+, 24), run with --experimental-strip-types, or compile the module to JavaScript.'))
  }
  let loaded: Record<string, unknown>
  try {
    // A reload (--watch) asks for a new URL: the module cache keeps every URL it loaded once.
    loaded = (await import(`${pathToFileURL(path).href}${generation === 0 ? '' : `?reload=${generation}`}`)) as Record<string, unknown>
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    // A .ts or .js file in a package without "type": "module" loads as CommonJS, where `import` is a syntax error.
    const hint = /Cannot use import statement outside a module/.test(reason)
      ? `Name it ${basename(path).replace(/\.[cm]?[jt]s$/, extension.includes('t') ? '.mts' : '.mjs')}, or set "type": "module" in the nearest package.json.`
      : 'Fix the module (run it with node to see the whole stack).'
    throw new ServeError(message(`serve: ${file} threw while loading: ${reason.split('\n')[0]}`, hint))
  }
  const exported = loaded.default ?? loaded.handlers
  if (!Array.isArray(exported)) {
    throw new ServeError(message(`serve: ${file} exports no handler list.`, 'Export the handlers as `export default [...]` or `export const handlers = [...]`.'))
  }
  return exported as Handler[]
}

/** By default from Node 22.18 and 23.6 (with --experimental-strip-types from 22.6). */
function canStripTypes(): boolean {
  if (process.features && 'typescript' in process.features) return Boolean((process.features as { typescript?: unknown }).typescript)
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
  return major > 23 || (major === 23 && minor >= 6) || (major === 22 && minor >= 18)
}

function parseJson(file: string, path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new ServeError(message(`serve: ${file} is no valid JSON: ${(error as Error).message}`, 'Fix the file.'))
  }
}

async function loadHar(file: string, path: string): Promise<Handler[]> {
  const { fromHar } = await import('mocklib')
  // By method, path and query: a recording made against any origin (or through this server) replays here.
  const match = (request: Request): string => {
    const url = new URL(request.url)
    return `${request.method} ${url.pathname}${url.search}`
  }
  return failingAs(`serve: ${file} is no HAR recording mocklib can read`, () => fromHar(readFileSync(path, 'utf8'), { match }))
}

async function loadOpenApi(file: string, path: string): Promise<Handler[]> {
  const { fromOpenApi } = await import('mocklib/openapi')
  // At the path of the document's first server (`/v1/pets`) on the mock server's own origin.
  return failingAs(`serve: ${file} could not be served as an OpenAPI document`, async () => fromOpenApi(path, { baseUrl: await servedBasePath(path) }))
}

/** What `load` throws, as a one-line `ServeError` after `what`. */
async function failingAs<T>(what: string, load: () => T | Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    throw new ServeError(message(`${what}: ${(error as Error).message.replace(/^\[mocklib\] /, '')}`))
  }
}

/** The path of the document's first server URL (`/v1`), `''` without one. */
async function servedBasePath(path: string): Promise<string> {
  const text = readFileSync(path, 'utf8')
  const { parse } = await import('yaml')
  const document = (path.endsWith('.json') ? JSON.parse(text) : parse(text)) as { servers?: { url?: string }[] } | null
  const server = document?.servers?.[0]?.url
  if (typeof server !== 'string') return ''
  return new URL(server.replace(/\{[^}]*\}/g, 'x'), 'http://localhost').pathname.replace(/\/$/, '')
}

/** Prints the URL first. */
export async function runServe(args: readonly string[]): Promise<void> {
  const options = parseServeArguments(args)
  const handlers = await loadSources(options.sources, options.contract)
  const { createMockServer } = await import('mocklib/server')
  const server = await createMockServer(handlers, options).catch((error: Error) => {
    throw new ServeError(error.message)
  })
  console.log(`mocklib mock server listening on ${server.url}`)
  console.log(`  inspector: ${server.url}/__mocklib/${options.adminToken === undefined ? ' (loopback clients only)' : ''}`)
  console.log(`  ${handlers.length} handler${handlers.length === 1 ? '' : 's'} from ${options.sources.join(', ')}${options.proxy ? `; unhandled requests go to ${options.proxy}` : '; unhandled requests get 404'}`)
  if (options.watch) {
    watchSources(server, options.sources, options.contract)
    console.log('  watching the sources: a change reloads them (port and history stay)')
  }
  if (options.record !== undefined) {
    recordAsItHappens(server, options.record)
    console.log(`  recording proxied exchanges to ${options.record}`)
  }
  const stop = (): void => void server.close().then(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

/** After each proxied exchange, a new recording starts in the tick the last one stops (none is missed between them). */
function recordAsItHappens(server: MockServer, path: string): void {
  const entries: HarEntry[] = []
  let recording = server.record()
  let writing = Promise.resolve()
  server.events.on('response:bypass', () => {
    writing = writing.then(async () => {
      await recording.settled()
      const har = recording.stop()
      recording = server.record()
      entries.push(...har.log.entries)
      writeHarFile(path, { log: { ...har.log, entries } })
    }).catch((error: unknown) => console.error(message(`serve: could not write ${path}: ${String(error)}`)))
  })
}

/** As `resetHandlers(...reloaded)`: port, history and connections stay; a failed load keeps the old handlers. */
function watchSources(server: MockServer, sources: readonly string[], contract: boolean): void {
  let generation = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const reload = async (): Promise<void> => {
    const current = ++generation
    try {
      const handlers = await loadSources(sources, contract, current)
      server.resetHandlers(...handlers)
      console.log(`[mocklib] serve: reloaded ${handlers.length} handler${handlers.length === 1 ? '' : 's'} from ${sources.join(', ')}`)
    } catch (error) {
      console.error(`${(error as Error).message} (still serving the handlers loaded before)`)
    }
  }
  for (const source of sources) {
    // Editors save in bursts (truncate, write, rename): one reload after they settle.
    // The folder, not the file: an editor that saves by renaming leaves a watcher of the old file behind.
    const file = resolve(source)
    watch(dirname(file), (_event, name) => {
      if (name !== basename(file)) return
      clearTimeout(timer)
      timer = setTimeout(() => void reload(), 50)
    })
  }
}
