// The packed package, installed into a fresh project without any network: an ESM
// file (import) and a CJS file (require, as Jest does) mock a fetch, on the
// current Node and on the oldest supported Node (22), and a TypeScript consumer
// type-checks against the packed declarations.
//
// Needs dist/ (npm run build). Run with `npm run test:pack`.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const node22 = join(root, 'node_modules', 'node22', 'bin', 'node')
let project = ''

const esmSource = `
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import nodeHttps from 'node:https'

const server = setupServer(
  http.get('https://api.example.test/user/:id', ({ params }) => HttpResponse.json({ id: params.id, via: 'esm' })),
)
server.listen({ onUnhandledRequest: 'error' })
const viaFetch = await (await fetch('https://api.example.test/user/1')).json()
const viaHttp = await new Promise((resolve, reject) => {
  nodeHttps.get('https://api.example.test/user/2', (response) => {
    let body = ''
    response.on('data', (chunk) => (body += chunk))
    response.on('end', () => resolve(JSON.parse(body)))
  }).on('error', reject)
})
server.close()
console.log(JSON.stringify({ viaFetch, viaHttp }))
`

const cjsSource = `
const { http, HttpResponse } = require('mocklib')
const { setupServer } = require('mocklib/node')

const server = setupServer(
  http.post('https://api.example.test/posts', async ({ request }) => HttpResponse.json(await request.json(), { status: 201 })),
)
server.listen({ onUnhandledRequest: 'error' })
fetch('https://api.example.test/posts', { method: 'POST', body: JSON.stringify({ title: 'cjs' }) })
  .then(async (response) => {
    console.log(JSON.stringify({ status: response.status, body: await response.json() }))
  })
  .finally(() => server.close())
`

const tsSource = `
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer(http.get('/posts/:id', ({ params }) => HttpResponse.json({ id: params.id })))
const wrapped = server.boundary(async (id: number) => id + 1)
const check: Promise<number> = wrapped(1)
// @ts-expect-error params.slug does not exist
http.get('/posts/:id', ({ params }) => HttpResponse.json({ slug: params.slug }))
void check
`

function run(command: string, args: string[]): string {
  return execFileSync(command, args, { cwd: project, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NODE_OPTIONS: '' } })
}

beforeAll(() => {
  if (!existsSync(join(root, 'dist', 'index.js'))) throw new Error('dist/ is missing: run `npm run build` first.')
  project = mkdtempSync(join(tmpdir(), 'mocklib-fresh-'))
  // Pack exactly what would be published (no lifecycle scripts: dist is already built).
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', project], { cwd: root, encoding: 'utf8' }),
  ) as Array<{ filename: string }>
  const tarball = join(project, packed[0]!.filename)

  // "Install" without a network: unpack the tarball as node_modules/mocklib and link
  // its dependencies (and @types/node for the TypeScript consumer) from this repo.
  const target = join(project, 'node_modules', 'mocklib')
  mkdirSync(target, { recursive: true })
  execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1'])
  const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }
  for (const dependency of [...Object.keys(manifest.dependencies ?? {}), '@types/node']) {
    const link = join(project, 'node_modules', dependency)
    mkdirSync(dirname(link), { recursive: true })
    symlinkSync(join(root, 'node_modules', dependency), link, 'dir')
  }

  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'fresh-project', private: true }))
  writeFileSync(join(project, 'esm.mjs'), esmSource)
  writeFileSync(join(project, 'cjs.cjs'), cjsSource)
  writeFileSync(join(project, 'consumer.mts'), tsSource)
  writeFileSync(join(project, 'consumer.cts'), tsSource)
}, 120_000)

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true })
})

describe('the packed package in a fresh project', () => {
  it('contains dist, README, the old-compiler notice and the entries for resolvers without exports only, besides package.json', () => {
    const files = execFileSync('find', ['.', '-type', 'f'], { cwd: join(project, 'node_modules', 'mocklib'), encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((file) => file.replace(/^\.\//, ''))
    // legacy-types/: the one declaration TypeScript < 5.0 reads (typesVersions), which says to upgrade.
    // node.js, browser.js…: what 'mocklib/node' is to a resolver that ignores "exports" (Jest 27, webpack 4).
    const entries = ['node.js', 'browser.js', 'playwright.js', 'openapi.js', 'server.js']
    expect(files.filter((file) => !file.startsWith('dist/') && !file.startsWith('legacy-types/') && !['package.json', 'README.md', ...entries].includes(file))).toEqual([])
    for (const entry of entries) expect(readFileSync(join(project, 'node_modules', 'mocklib', entry), 'utf8')).toContain(`require('./dist/${entry.replace('.js', '.cjs')}')`)
    expect(files).toContain('legacy-types/mocklib-needs-TypeScript-5.0-or-newer.d.ts')
    expect(files).toContain('dist/index.cjs')
    expect(files).toContain('dist/node.d.cts')
  })

  it.each([
    ['current Node', process.execPath],
    ['Node 22', node22],
  ])('ESM import mocks fetch and node:https (%s)', (_label, node) => {
    if (!existsSync(node)) return
    expect(JSON.parse(run(node, ['esm.mjs']))).toEqual({ viaFetch: { id: '1', via: 'esm' }, viaHttp: { id: '2', via: 'esm' } })
  })

  it.each([
    ['current Node', process.execPath],
    ['Node 22', node22],
  ])('CJS require() mocks fetch, as a Jest setup would (%s)', (_label, node) => {
    if (!existsSync(node)) return
    expect(JSON.parse(run(node, ['cjs.cjs']))).toEqual({ status: 201, body: { title: 'cjs' } })
  })

  it('a TypeScript consumer (node16 resolution, ESM and CJS) type-checks against the packed types', () => {
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
    const options = ['--noEmit', '--strict', '--module', 'node16', '--moduleResolution', 'node16', '--target', 'es2022', '--types', 'node']
    expect(run(process.execPath, [tsc, ...options, 'consumer.mts', 'consumer.cts'])).toBe('')
  })
})
