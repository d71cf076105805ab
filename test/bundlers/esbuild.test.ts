// A server bundled by esbuild (platform node) answers from handlers: every import
// in mocklib is static or a plain `import()` a bundler follows, so the bundle holds
// all of mocklib's code. Third-party packages stay external, as server bundles
// usually keep them (@mswjs/interceptors loads a .wasm file beside its own code).
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { build } from 'esbuild'
import { afterAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const source = (path: string) => fileURLToPath(new URL(`../../src/api/${path}`, import.meta.url))
const root = fileURLToPath(new URL('../..', import.meta.url))
// Inside the repository, so that the external packages resolve from its node_modules.
const folder = mkdtempSync(join(root, 'node_modules', '.mocklib-esbuild-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const app = `
import { http, graphql, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { request } from 'node:https'

const server = setupServer(
  http.get('https://api.test/posts/:id', ({ params }) => HttpResponse.json({ id: params.id })),
  graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: [{ id: '1' }] } })),
)
async function main() {
server.listen({ onUnhandledRequest: 'error' })
const viaHttp = () => new Promise((resolve, reject) => {
  request('https://api.test/posts/2', (response) => {
    let body = ''
    response.on('data', (chunk) => (body += chunk))
    response.on('end', () => resolve(JSON.parse(body)))
  }).on('error', reject).end()
})
const results = {
  fetch: await (await fetch('https://api.test/posts/1')).json(),
  http: await viaHttp(),
  graphql: await (await fetch('https://api.test/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'query ListPosts { posts { id } }' }) })).json(),
  unhandled: await fetch('https://api.test/missing').then(() => 'answered', (error) => error.name),
}
server.close()
console.log(JSON.stringify(results))
}
main()
`

describe('bundled with esbuild', () => {
  it.each(['esm', 'cjs'] as const)('a %s bundle for Node answers from handlers, with all of mocklib in the bundle', async (format) => {
    const entry = join(folder, `app-${format}.ts`)
    const outfile = join(folder, `app.${format === 'esm' ? 'mjs' : 'cjs'}`)
    writeFileSync(entry, app)
    await build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      format,
      target: 'node22',
      logLevel: 'silent',
      alias: { mocklib: source('index.ts'), 'mocklib/node': source('node.ts') },
      packages: 'external',
    })
    const bundle = readFileSync(outfile, 'utf8')
    // mocklib's own code is in the bundle, not imported from anywhere.
    expect(bundle).toContain('setupServer')
    expect(bundle).not.toMatch(/from ["']mocklib/)
    // Dependencies are imported where a bundler sees them, never through createRequire.
    expect(bundle).toMatch(format === 'esm' ? /from ["']@mswjs\/interceptors\/http["']/ : /require\(["']@mswjs\/interceptors\/http["']\)/)
    expect(bundle).not.toMatch(/createRequire\([^)]*\)\(/)
    const { stdout } = await run(process.execPath, [outfile], { cwd: root, timeout: 30_000 })
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({
      fetch: { id: '1' },
      http: { id: '2' },
      graphql: { data: { posts: [{ id: '1' }] } },
      unhandled: 'TypeError',
    })
  })
})
