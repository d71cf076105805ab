// node scripts/fetch-walk.mjs
// The source files one global fetch() executes when `http.get('https://api.test/posts/:id')` answers it
// through setupServer (README "Architecture"), measured rather than read: the entries are bundled from
// src/ by esbuild (which marks each module with its path), warmed up with 50 requests, and V8's precise
// coverage of one more request lists every function that ran, by the file it came from.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = mkdtempSync(join(tmpdir(), 'mocklib-fetch-walk-'))
execFileSync(join(root, 'node_modules/.bin/esbuild'), ['src/api/index.ts', 'src/api/node.ts', '--bundle', '--splitting', '--format=esm', '--platform=node', '--packages=external', `--outdir=${out}`, '--out-extension:.js=.mjs', '--log-level=warning'], { cwd: root, stdio: 'inherit' })

const { http, HttpResponse } = await import(pathToFileURL(join(out, 'index.mjs')).href)
const { setupServer } = await import(pathToFileURL(join(out, 'node.mjs')).href)
const server = setupServer(http.get('https://api.test/posts/:id', ({ params }) => HttpResponse.json({ id: params.id })))
server.listen()
for (let index = 0; index < 50; index++) await (await fetch(`https://api.test/posts/${index}`)).json()

const session = new Session()
session.connect()
await session.post('Profiler.enable')
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false })
await session.post('Profiler.takePreciseCoverage') // counts from here on
const answer = await (await fetch('https://api.test/posts/7')).json()
const { result } = await session.post('Profiler.takePreciseCoverage')
server.close()
if (answer.id !== '7') throw new Error(`unexpected answer ${JSON.stringify(answer)}`)

const functionsByFile = new Map()
for (const script of result) {
  if (!script.url.startsWith(pathToFileURL(out).href)) continue
  const text = readFileSync(new URL(script.url), 'utf8')
  const modules = [...text.matchAll(/^\/\/ (src\/\S+\.ts)$/gm)].map((match) => ({ at: match.index, file: match[1] }))
  for (const { functionName, ranges } of script.functions) {
    const [whole] = ranges
    if (!whole || whole.count === 0 || (functionName === '' && whole.startOffset === 0)) continue
    const file = modules.findLast((module) => module.at <= whole.startOffset)?.file ?? '(bundle)'
    if (!functionsByFile.has(file)) functionsByFile.set(file, new Set())
    functionsByFile.get(file).add(functionName || '(anonymous)')
  }
}
rmSync(out, { recursive: true, force: true })
for (const [file, functions] of [...functionsByFile].sort(([a], [b]) => a.localeCompare(b))) console.log(`${file.padEnd(48)} ${[...functions].join(', ')}`)
console.log(`\n${functionsByFile.size} files run for one fetch()`)
