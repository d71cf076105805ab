#!/usr/bin/env node
// Minified + gzipped size of mocklib's browser runtime next to msw's, bundled
// the same way (esbuild, browser platform, ESM, code splitting) in one run.
// "initial" is what a page loads up front; "lazy" is loaded on demand (the
// in-page fallback interceptors, graphql). Measures the built package: run
// `npm run build` first, or measure another build (e.g. `npx tsup --out-dir
// /tmp/my-dist`) without touching dist/ by naming its folder:
//
//   node scripts/browser-size.mjs
//   MOCKLIB_SIZE_DIST=/tmp/my-dist node scripts/browser-size.mjs
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
// The build measured: dist/ (through the package's own exports) or the folder MOCKLIB_SIZE_DIST names.
const distDir = resolve(root, process.env.MOCKLIB_SIZE_DIST ?? 'dist')
const alias = process.env.MOCKLIB_SIZE_DIST === undefined ? {} : { mocklib: resolve(distDir, 'index.js'), 'mocklib/browser': resolve(distDir, 'browser.js') }

const cases = [
  ['mocklib/browser (entry)', "export * from 'mocklib/browser'"],
  ['msw/browser (entry)', "export * from 'msw/browser'"],
  ['mocklib app: setupWorker + http + HttpResponse', "export { setupWorker } from 'mocklib/browser'; export { http, HttpResponse } from 'mocklib'"],
  ['msw app: setupWorker + http + HttpResponse', "export { setupWorker } from 'msw/browser'; export { http, HttpResponse } from 'msw'"],
]

/** Bundles `contents` and splits the output into initial and lazily loaded files. */
export async function measure(contents) {
  const result = await build({
    stdin: { contents, resolveDir: root, sourcefile: 'entry.js' },
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'browser',
    splitting: true,
    absWorkingDir: root,
    outdir: resolve(root, '.size-out'),
    metafile: true,
    alias,
    // A build outside the project resolves its dependencies from the project's node_modules.
    nodePaths: [resolve(root, 'node_modules')],
    logLevel: 'silent',
  })
  const outputs = result.metafile.outputs
  // The app's own output (chunks loaded with import() are entry points too, and may come first).
  const entry = Object.keys(outputs).find((path) => outputs[path].entryPoint === 'entry.js')
  const initial = new Set()
  const visit = (path) => {
    if (initial.has(path)) return
    initial.add(path)
    for (const imported of outputs[path].imports) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path)
  }
  visit(entry)
  const sizes = { initial: 0, initialGzip: 0, lazy: 0, lazyGzip: 0 }
  for (const file of result.outputFiles) {
    const path = Object.keys(outputs).find((candidate) => resolve(root, candidate) === file.path)
    const key = path !== undefined && initial.has(path) ? 'initial' : 'lazy'
    sizes[key] += file.contents.length
    sizes[`${key}Gzip`] += gzipSync(file.contents, { level: 9 }).length
  }
  return sizes
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`

async function main() {
  if (!existsSync(resolve(distDir, 'browser.js'))) {
    console.error(`${resolve(distDir, 'browser.js')} is missing: run \`npm run build\` first (or \`npx tsup --out-dir ${distDir}\`).`)
    process.exit(1)
  }
  const rows = []
  for (const [name, contents] of cases) {
    const sizes = await measure(contents)
    rows.push([name, kb(sizes.initial), kb(sizes.initialGzip), sizes.lazy ? `${kb(sizes.lazy)} / ${kb(sizes.lazyGzip)}` : '-'])
  }
  for (const [name, path] of [
    ['mocklib worker script', resolve(distDir, 'mocklib-worker.js')],
    ['msw worker script', resolve(root, 'node_modules/msw/lib/mockServiceWorker.js')],
  ]) {
    const file = readFileSync(path)
    const minified = (await build({ stdin: { contents: file.toString() }, write: false, minify: true, logLevel: 'silent' })).outputFiles[0].contents
    rows.push([name, kb(minified.length), kb(gzipSync(minified, { level: 9 }).length), '-'])
  }
  const header = ['bundle', 'initial min', 'initial min+gz', 'lazy min / min+gz']
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)))
  const line = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`
  console.log(line(header))
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`)
  for (const row of rows) console.log(line(row))
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main()
