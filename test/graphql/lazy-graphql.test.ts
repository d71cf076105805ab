// `graphql` is an optional peer dependency: importing mocklib and serving REST must not
// load it. This test builds the package (into a private folder, so the shared dist/ is
// never touched) and runs it in child processes whose module loader records every file
// loaded, through ESM `import` and CJS `require` alike (node:module registerHooks).
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
// One folder a run: git worktrees that share node_modules must not delete each other's build.
const outDir = `${root}node_modules/.cache/mocklib-lazy-graphql-test-${process.pid}`

const CHILD = String.raw`
import { registerHooks, createRequire } from 'node:module'
const loaded = []
registerHooks({ load(url, context, nextLoad) { loaded.push(url); return nextLoad(url, context) } })
const [outDir, format, scenario] = process.argv.slice(1)
const load = format === 'cjs' ? (name) => createRequire(import.meta.url)(outDir + '/' + name + '.cjs') : (name) => import(outDir + '/' + name + '.js')
const { http, graphql, HttpResponse } = await load('index')
const { setupServer } = await load('node')
const handlers = [http.get('http://127.0.0.1:4010/posts', () => HttpResponse.json([{ id: '1' }]))]
if (scenario !== 'rest-only') handlers.push(graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: [] } })))
const server = setupServer(...handlers)
server.listen({ onUnhandledRequest: 'error' })
const answers = [await (await fetch('http://127.0.0.1:4010/posts')).json()]
if (scenario === 'graphql-request') {
  const response = await fetch('http://127.0.0.1:4010/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'query ListPosts { posts { id } }' }) })
  answers.push(await response.json())
}
server.close()
console.log(JSON.stringify({ answers, graphqlFiles: loaded.filter((url) => /[\\/]node_modules[\\/]graphql[\\/]/.test(url)) }))
`

function run(format: 'esm' | 'cjs', scenario: 'rest-only' | 'rest-with-graphql-handlers' | 'graphql-request') {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', CHILD, outDir, format, scenario], { cwd: root, encoding: 'utf8' })
  return JSON.parse(output.trim().split('\n').at(-1)!) as { answers: unknown[]; graphqlFiles: string[] }
}

beforeAll(() => {
  rmSync(outDir, { recursive: true, force: true })
  execFileSync(process.execPath, [`${root}node_modules/tsup/dist/cli-default.js`, '--out-dir', outDir, '--no-dts', '--no-sourcemap', '--silent'], { cwd: root, stdio: 'pipe' })
}, 60_000)

afterAll(() => rmSync(outDir, { recursive: true, force: true }))

describe.each(['esm', 'cjs'] as const)('the built %s package', (format) => {
  it('does not load graphql when imported and serving REST', () => {
    const { answers, graphqlFiles } = run(format, 'rest-only')
    expect(answers).toEqual([[{ id: '1' }]])
    expect(graphqlFiles).toEqual([])
  })

  it('does not load graphql for REST traffic even with GraphQL handlers registered', () => {
    const { answers, graphqlFiles } = run(format, 'rest-with-graphql-handlers')
    expect(answers).toEqual([[{ id: '1' }]])
    expect(graphqlFiles).toEqual([])
  })

  it('loads graphql on the first GraphQL request (so the check above can fail)', () => {
    const { answers, graphqlFiles } = run(format, 'graphql-request')
    expect(answers[1]).toEqual({ data: { posts: [] } })
    expect(graphqlFiles.length).toBeGreaterThan(0)
  })
})
