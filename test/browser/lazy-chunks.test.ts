import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { expect, it } from 'vitest'

// What a page loads up front when it imports setupWorker: history, assertions,
// record(), and the WebSocket and EventSource patches are chunks loaded by
// start(). Bundled from the sources as an application's bundler would (esbuild,
// code splitting); a static path to any of them (through a barrel, say) would
// pull it into the initial chunk.
const root = fileURLToPath(new URL('../../', import.meta.url))

const LAZY = [
  'src/dsl/mock/history/mock-assertions.ts',
  'src/dsl/mock/history/traffic-recorder.ts',
  'src/dsl/record/recorder.ts',
  'src/dsl/record/record-runtime.ts',
  'src/dsl/record/to-har-entry.ts',
  'src/kernel/browser/websocket-source.ts',
  'src/dsl/event-source/page-event-source.ts',
  'src/kernel/browser/in-page-source.ts',
  'src/kernel/browser/page-fetch.ts',
  'src/kernel/browser/page-fetch-exchange.ts',
  'node_modules/@mswjs/interceptors/lib/browser/interceptors/WebSocket/index.js',
]

// What a page needs only once mocking runs (the console log of mocked answers, their cookies, the
// page's cookies for resolvers, printed contract refusals, the unhandled-request report) is in the
// chunk start() awaits.
const ON_START = ['src/api/browser/on-start.ts', 'src/kernel/unhandled-report.ts']

/** Input files of the chunks the entry loads up front, and of those it loads with import(). */
async function chunksOf(contents: string): Promise<{ initial: Set<string>; lazy: Set<string> }> {
  const result = await build({
    stdin: { contents, resolveDir: root, sourcefile: 'app.ts', loader: 'ts' },
    absWorkingDir: root,
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    splitting: true,
    outdir: 'out',
    metafile: true,
    alias: { mocklib: './src/api/index.ts', 'mocklib/browser': './src/api/browser.ts' },
    define: { __MOCKLIB_VERSION__: '"0.0.0-test"' },
    logLevel: 'silent',
  })
  const outputs = result.metafile.outputs
  // The app's own output: chunks loaded with import() are entry points too, and may come first.
  const entry = Object.keys(outputs).find((path) => outputs[path]!.entryPoint === 'app.ts')!
  const upFront = new Set<string>()
  const visit = (path: string): void => {
    if (upFront.has(path)) return
    upFront.add(path)
    for (const imported of outputs[path]!.imports) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path)
  }
  visit(entry)
  const initial = new Set<string>()
  const lazy = new Set<string>()
  // Dependencies by their path from node_modules (a symlinked node_modules resolves elsewhere).
  const name = (input: string): string => input.replace(/^.*?(?=node_modules\/)/, '')
  for (const [path, output] of Object.entries(outputs)) for (const input of Object.keys(output.inputs)) (upFront.has(path) ? initial : lazy).add(name(input))
  return { initial, lazy }
}

it('setupWorker with http, HttpResponse and mock loads history, record() and the ws/EventSource patches lazily', async () => {
  const { initial, lazy } = await chunksOf("export { setupWorker } from 'mocklib/browser'; export { http, HttpResponse, mock } from 'mocklib'")
  expect(LAZY.filter((file) => initial.has(file))).toEqual([])
  expect(LAZY.filter((file) => !lazy.has(file))).toEqual([])
  // The runtime itself is up front.
  expect(initial).toContain('src/api/browser/setup-worker.ts')
  expect(initial).toContain('src/kernel/runtime.ts')
})

it("setupWorker with http and HttpResponse loads the answers' effects and the unhandled-request report lazily", async () => {
  const { initial, lazy } = await chunksOf("export { setupWorker } from 'mocklib/browser'; export { http, HttpResponse } from 'mocklib'")
  expect(ON_START.filter((file) => initial.has(file))).toEqual([])
  expect(ON_START.filter((file) => !lazy.has(file))).toEqual([])
  // What decides whether to report stays up front (static assets are let through at once).
  expect(initial).toContain('src/kernel/unhandled-policy.ts')
})
