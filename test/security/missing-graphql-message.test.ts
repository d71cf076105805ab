/**
 * `graphql` is an optional peer dependency (yarn and pnpm do not install peers).
 *
 * Issue 22, item 6: a project without it that creates a GraphQL handler gets one
 * clear error naming the install command, where it creates the handler; importing
 * mocklib and REST handlers keep working. Checked on the built package (ESM and
 * CJS), installed into a temporary project that has no `graphql` anywhere on its
 * resolution path, as after `pnpm add -D mocklib`.
 *
 * Issue 14, item 12: should a request still reach the GraphQL layer without the
 * package (a runtime that cannot tell at creation), the unhandled-request error
 * says so once, with one `[mocklib]` prefix. The package is made unloadable for
 * this file only, with vi.mock.
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { graphql, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

vi.mock('graphql', () => {
  throw new Error("Cannot find package 'graphql' imported from mocklib")
})

const root = fileURLToPath(new URL('../..', import.meta.url))

describe('at the first GraphQL request, when the package cannot be loaded', () => {
  const server = setupServer(graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: [] } })))
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterAll(() => server.close())

  it('explains the missing package with a single [mocklib] prefix', async () => {
    const failure = await fetch('https://api.missing-graphql.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query ListPosts { posts { id } }' }),
    }).then(
      () => new Error('answered instead of failing'),
      (error: unknown) => error as Error,
    )
    const text = String((failure.cause as Error | undefined)?.message)
    expect(text).toContain('GraphQL handlers need the package "graphql"')
    expect(text).toContain('npm install --save-dev graphql')
    expect(text.match(/\[mocklib\]/g)).toHaveLength(1)
  })
})

// What the consumer does, step by step; each step's outcome is printed as one JSON line.
const consumer = (load: string) => `
const steps = {}
const attempt = async (name, step) => {
  try {
    steps[name] = { ok: await step() }
  } catch (error) {
    steps[name] = { error: String(error && error.message) }
  }
}
${load}
await attempt('rest', async () => {
  const server = setupServer(http.get('https://api.no-graphql.test/posts', () => HttpResponse.json([{ id: '1' }])))
  server.listen({ onUnhandledRequest: 'error' })
  try {
    return await (await fetch('https://api.no-graphql.test/posts')).json()
  } finally {
    server.close()
  }
})
await attempt('query', () => (graphql.query('ListPosts', () => HttpResponse.json({ data: {} })), 'created'))
await attempt('linkedMutation', () => (graphql.link('https://api.no-graphql.test/graphql').mutation('Save', () => undefined), 'created'))
await attempt('subscription', () => (graphql.subscription('OnPost', async function* () {}), 'created'))
await attempt('mswClass', () => (new GraphQLHandler('all', /.*/, '*', () => undefined), 'created'))
let graphqlResolvable = true
try { require.resolve('graphql') } catch { graphqlResolvable = false }
console.log(JSON.stringify({ steps, graphqlResolvable }))
`

const esm = consumer(`
import { createRequire } from 'node:module'
const require = createRequire(import.meta.url)
const { GraphQLHandler, graphql, http, HttpResponse } = await import('mocklib')
const { setupServer } = await import('mocklib/node')
`)

// CommonJS has no top-level await: the same steps in an async function.
const cjs = `(async () => {\n${consumer(`
const { GraphQLHandler, graphql, http, HttpResponse } = require('mocklib')
const { setupServer } = require('mocklib/node')
`)}\n})()`

describe('at handler creation, in a project without graphql (the built package)', () => {
  let project = ''

  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), 'mocklib-no-graphql-'))
    const installed = join(project, 'node_modules', 'mocklib')
    // A private build, so that the shared dist/ is never touched (and is not needed).
    execFileSync(process.execPath, [join(root, 'node_modules/tsup/dist/cli-default.js'), '--out-dir', join(installed, 'dist'), '--no-dts', '--no-sourcemap', '--silent'], {
      cwd: root,
      stdio: 'pipe',
    })
    copyFileSync(join(root, 'package.json'), join(installed, 'package.json'))
    // mocklib's one dependency, linked; graphql is deliberately absent.
    mkdirSync(join(project, 'node_modules', '@mswjs'))
    symlinkSync(join(root, 'node_modules', '@mswjs', 'interceptors'), join(project, 'node_modules', '@mswjs', 'interceptors'), 'dir')
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'no-graphql-project', private: true }))
    writeFileSync(join(project, 'consumer.mjs'), esm)
    writeFileSync(join(project, 'consumer.cjs'), cjs)
  }, 120_000)

  afterAll(() => {
    if (project) rmSync(project, { recursive: true, force: true })
  })

  it.each(['consumer.mjs', 'consumer.cjs'])('%s: imports mocklib and serves REST, and each GraphQL handler throws the install hint', (file) => {
    expect(existsSync(join(project, 'node_modules', 'mocklib', 'dist', 'index.js'))).toBe(true)
    const output = execFileSync(process.execPath, [file], { cwd: project, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '', NODE_PATH: '' } })
    const { steps, graphqlResolvable } = JSON.parse(output.trim().split('\n').at(-1)!) as {
      steps: Record<string, { ok?: unknown; error?: string }>
      graphqlResolvable: boolean
    }
    // The premise: this project cannot resolve graphql.
    expect(graphqlResolvable).toBe(false)
    expect(steps.rest).toEqual({ ok: [{ id: '1' }] })
    for (const [step, factory] of [
      ['query', 'graphql.query()'],
      ['linkedMutation', 'graphql.mutation()'],
      ['subscription', 'graphql.subscription()'],
      ['mswClass', 'new GraphQLHandler()'],
    ] as const) {
      const text = steps[step]?.error ?? `${step} did not throw`
      expect(text).toContain(`${factory} needs the package "graphql"`)
      expect(text).toContain('npm install --save-dev graphql')
      expect(text.match(/\[mocklib\]/g)).toHaveLength(1)
    }
  })
})
