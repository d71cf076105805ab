import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { expect, it } from 'vitest'

// What a page needs only once mocking runs (the console log of mocked answers, their cookies, the
// page's cookies for resolvers, printed contract refusals, the unhandled-request report) is in the
// chunk start() awaits, not in the bundle a page loads up front. Bundled from the sources as an
// application's bundler would (esbuild, code splitting).
const root = fileURLToPath(new URL('../../', import.meta.url))

const ON_START = [
  'src/api/browser/console-log.ts',
  'src/api/browser/page-cookies.ts',
  'src/api/browser/page-effects.ts',
  'src/api/browser/printed-refusals.ts',
  'src/kernel/unhandled-report.ts',
]

it('setupWorker with http and HttpResponse loads the answers\' effects and the unhandled-request report lazily', async () => {
  const result = await build({
    stdin: { contents: "export { setupWorker } from 'mocklib/browser'; export { http, HttpResponse } from 'mocklib'", resolveDir: root, sourcefile: 'app.ts', loader: 'ts' },
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
  for (const [path, output] of Object.entries(outputs)) for (const input of Object.keys(output.inputs)) (upFront.has(path) ? initial : lazy).add(input)
  expect(ON_START.filter((file) => initial.has(file))).toEqual([])
  expect(ON_START.filter((file) => !lazy.has(file))).toEqual([])
  // What decides whether to report stays up front (static assets are let through at once).
  expect(initial).toContain('src/kernel/unhandled-policy.ts')
})
