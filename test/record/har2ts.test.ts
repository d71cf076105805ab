// har2ts on a recording of 20 endpoints (two origins, REST and GraphQL): the
// CLI writes a file that compiles with `tsc --strict`, and the handlers in it
// answer the recorded requests as the HAR did, with the real servers stopped.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { Har, HarEntry } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { recordEvents } from '../../src/dsl/record/record-runtime.js'
import { startRealServer, type RealServer, type Route } from './support.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
// Inside the project, so vitest resolves `mocklib` in the generated module; removed afterwards.
const work = join(root, 'test', 'record', `.har2ts-${process.pid}`)
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x80])

const json = (response: Parameters<Route>[1], value: unknown, status = 200) => {
  response.statusCode = status
  response.setHeader('content-type', 'application/json; charset=utf-8')
  response.end(JSON.stringify(value))
}

const users: Record<string, unknown> = {
  '1': { id: 1, name: 'Ada', email: 'ada@example.test', admin: true },
  '2': { id: 2, name: 'Bob', email: null, admin: false },
  '3': { id: 3, name: 'Cy', admin: false },
}

const apiRoute: Route = (request, response, body) => {
  const url = new URL(request.url ?? '/', 'http://x')
  const path = url.pathname
  const method = request.method
  let match: RegExpExecArray | null
  if (path === '/graphql') {
    const { query, variables } = JSON.parse(body.toString('utf8')) as { query: string; variables: Record<string, string> }
    if (query.startsWith('query GetUser')) return json(response, { data: { user: users[variables.id!] ?? null } })
    return json(response, { data: { createPost: { id: 'p9', title: variables.title } } })
  }
  if (method === 'GET' && path === '/users') return json(response, Object.values(users))
  if (method === 'GET' && (match = /^\/users\/(\d+)$/.exec(path))) return json(response, users[match[1]!])
  if (method === 'GET' && (match = /^\/users\/(\d+)\/posts$/.exec(path))) return json(response, [{ id: Number(match[1]) * 10, title: `by ${match[1]}` }])
  if (method === 'GET' && path === '/posts') return json(response, { page: Number(url.searchParams.get('page')), posts: [] })
  if (method === 'POST' && path === '/posts') return json(response, { id: 11, ...JSON.parse(body.toString('utf8')) }, 201)
  if (method === 'PUT' && /^\/posts\/\d+$/.test(path)) return json(response, { id: 10, replaced: true })
  if (method === 'PATCH' && /^\/posts\/\d+$/.test(path)) return json(response, { id: 10, patched: JSON.parse(body.toString('utf8')) })
  if (method === 'DELETE' && /^\/posts\/\d+$/.test(path)) {
    response.statusCode = 204
    return response.end()
  }
  if (path === '/health') {
    response.setHeader('content-type', 'text/plain')
    return response.end('ok')
  }
  if (path === '/avatar.png') {
    response.setHeader('content-type', 'image/png')
    return response.end(PNG)
  }
  if (path === '/search') return json(response, url.searchParams.get('q') === 'a' ? { hits: [{ id: 1, score: 0.5 }], next: 'cursor' } : { hits: [] })
  if (path === '/config') return json(response, { features: { dark: true, beta: false }, limits: { rate: 10 }, 'x-odd key': 'yes' })
  if (path === '/tags') return json(response, ['a', 'b'])
  if (path === '/empty-list') return json(response, [])
  if ((match = /^\/items\/([0-9a-f]+)$/.exec(path))) return json(response, { sku: match[1] })
  if ((match = /^\/orders\/([0-9a-f-]{36})$/.exec(path))) {
    response.setHeader('x-order', 'yes')
    return json(response, { order: match[1], total: 12.5 })
  }
  return json(response, { error: 'not found' }, 404)
}

let api: RealServer
let status: RealServer
let har: Har

/** Every request the recording makes: 20 endpoints, some more than once. */
function calls(apiOrigin: string, statusOrigin: string): Array<[string, RequestInit?]> {
  const send = (method: string, body: unknown): RequestInit => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const gql = (query: string, variables: unknown) => send('POST', { query, variables })
  return [
    [`${apiOrigin}/users`],
    [`${apiOrigin}/users/1`],
    [`${apiOrigin}/users/2`],
    [`${apiOrigin}/users/3`],
    [`${apiOrigin}/users/1/posts`],
    [`${apiOrigin}/users/2/posts`],
    [`${apiOrigin}/posts?page=1`],
    [`${apiOrigin}/posts?page=2`],
    [`${apiOrigin}/posts`, send('POST', { title: 'first' })],
    [`${apiOrigin}/posts`, send('POST', { title: 'second' })],
    [`${apiOrigin}/posts/10`, send('PUT', { title: 'x' })],
    [`${apiOrigin}/posts/10`, send('PATCH', { title: 'y' })],
    [`${apiOrigin}/posts/11`, { method: 'DELETE' }],
    [`${apiOrigin}/health`],
    [`${apiOrigin}/avatar.png`],
    [`${apiOrigin}/search?q=a`],
    [`${apiOrigin}/search?q=zzz`],
    [`${apiOrigin}/config`],
    [`${apiOrigin}/tags`],
    [`${apiOrigin}/empty-list`],
    [`${apiOrigin}/items/deadbeefcafe0001`],
    [`${apiOrigin}/orders/550e8400-e29b-41d4-a716-446655440000`],
    [`${apiOrigin}/nothing-here`],
    [`${statusOrigin}/status`],
    [`${apiOrigin}/graphql`, gql('query GetUser($id: ID!) { user(id: $id) { id name } }', { id: '1' })],
    [`${apiOrigin}/graphql`, gql('query GetUser($id: ID!) { user(id: $id) { id name } }', { id: '9' })],
    [`${apiOrigin}/graphql`, gql('mutation CreatePost($title: String!) { createPost(title: $title) { id title } }', { title: 'hi' })],
  ]
}

interface Reply {
  status: number
  contentType: string | null
  body: string
}

async function replies(list: Array<[string, RequestInit?]>): Promise<Reply[]> {
  const result: Reply[] = []
  for (const [url, init] of list) {
    const response = await fetch(url, init)
    const bytes = Buffer.from(await response.arrayBuffer())
    const contentType = response.headers.get('content-type')
    // JSON is compared by value (the generated code writes it back with JSON.stringify).
    const body = contentType?.includes('json') ? JSON.stringify(JSON.parse(bytes.toString('utf8'))) : bytes.toString('base64')
    result.push({ status: response.status, contentType, body })
  }
  return result
}

let live: Reply[] = []
let origins: [string, string] = ['', '']

beforeAll(async () => {
  api = await startRealServer(apiRoute)
  status = await startRealServer((_request, response) => json(response, { up: true, version: '1.2.3' }))
  origins = [api.origin, status.origin]
  const server = setupServer()
  server.listen({ onUnhandledRequest: 'bypass' })
  try {
    const recording = recordEvents(server.events)
    live = await replies(calls(...origins))
    await recording.settled()
    har = recording.stop()
  } finally {
    server.close()
    await api.close()
    await status.close()
  }
  mkdirSync(work, { recursive: true })
  writeFileSync(join(work, 'api.har'), JSON.stringify(har, null, 2))
})
afterAll(() => rmSync(work, { recursive: true, force: true }))

it('records the 27 requests of 20 endpoints', () => {
  expect(har.log.entries.map((entry: HarEntry) => entry.request.url)).toHaveLength(27)
})

it('the CLI writes handlers: grouped by origin, ids as params, one type per endpoint, GraphQL by operation', async () => {
  // The CLI from the sources, bundled as the package build would.
  const cli = join(work, 'cli.mjs')
  await build({ entryPoints: [join(root, 'src/cli/mocklib.ts')], bundle: true, platform: 'node', format: 'esm', outfile: cli, logLevel: 'silent' })
  const printed = execFileSync(process.execPath, [cli, 'har2ts', join(work, 'api.har'), '--out', join(work, 'handlers.ts')], { encoding: 'utf8' })
  expect(printed).toMatch(/^\[mocklib\] Wrote the handlers recorded in .*api\.har to .*handlers\.ts\./)
  const code = readFileSync(join(work, 'handlers.ts'), 'utf8')
  expect(code).toContain(`// ${origins[0]}`)
  expect(code).toContain(`// ${origins[1]}`)
  expect(code).toContain('http.get(`${')
  for (const pattern of ['/users/:id`', '/users/:id/posts`', '/posts/:id`', '/items/:id`', '/orders/:id`']) expect(code).toContain(pattern)
  expect(code).not.toMatch(/http\.get\(`\$\{\w+\}\/users\/1`/)
  expect(code).toContain('graphql.link(`${')
  expect(code).toContain('.query("GetUser", ({ variables }) =>')
  expect(code).toContain('.mutation("CreatePost", ({ variables }) =>')
  // One type per endpoint, inferred from every recorded body: `email` is missing in one sample and null in another.
  expect(code).toMatch(/export type GetUsersByIdBody = \{\n {2}id: number\n {2}name: string\n {2}email\?: null \| string\n {2}admin: boolean\n\}/)
  expect(code).toMatch(/export type GetSearchBody = \{\n {2}hits: \{\n {4}id: number\n {4}score: number\n {2}\}\[\]\n {2}next\?: string\n\}/)
  expect(code).toContain('"x-odd key": string')
  // Without --out, the file is the first argument and the code goes to stdout.
  expect(execFileSync(process.execPath, [cli, 'har2ts', join(work, 'api.har')], { encoding: 'utf8' })).toContain('.query("GetUser", ({ variables }) =>')
  // `--out=file` is the same option as `--out file` (every command reads its options with one parser), and the
  // file may come after it.
  execFileSync(process.execPath, [cli, 'har2ts', `--out=${join(work, 'handlers-eq.ts')}`, join(work, 'api.har')], { encoding: 'utf8' })
  expect(readFileSync(join(work, 'handlers-eq.ts'), 'utf8')).toBe(code)
  // `mocklib har2ts` with no file says what to do.
  let failure = ''
  try {
    execFileSync(process.execPath, [cli, 'har2ts'], { encoding: 'utf8', stdio: 'pipe' })
  } catch (error) {
    failure = String((error as { stderr: string }).stderr)
  }
  expect(failure).toMatch(/^\[mocklib\] har2ts needs the HAR file to read\./)
})

it('the generated file compiles with tsc --strict', () => {
  writeFileSync(
    join(work, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        types: ['node'],
        typeRoots: [join(root, 'node_modules/@types')],
        skipLibCheck: true,
        paths: { mocklib: [join(root, 'src/api/index.ts')] },
      },
      files: ['handlers.ts'],
    }),
  )
  let output = ''
  try {
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(work, 'tsconfig.json')], { encoding: 'utf8', stdio: 'pipe' })
  } catch (error) {
    output = String((error as { stdout: string }).stdout)
  }
  // Errors in mocklib's own sources (work in progress elsewhere) are not the generated code's.
  const own = output.split('\n').filter((line) => line.includes('handlers.ts'))
  if (output !== '' && own.length === 0) console.warn(`tsc reported errors outside the generated file:\n${output}`)
  expect(own).toEqual([])
}, 120_000)

it('the generated handlers answer the recorded requests as the HAR did (servers stopped)', async () => {
  const { handlers } = (await import(join(work, 'handlers.ts'))) as { handlers: never[] }
  const server = setupServer(...handlers)
  server.listen({ onUnhandledRequest: 'error' })
  try {
    expect(await replies(calls(...origins))).toEqual(live)
    // The last recorded answer repeats; an unrecorded id is not answered.
    expect((await replies([[`${origins[0]}/users/2`]]))[0]).toEqual(live[2])
    await expect(fetch(`${origins[0]}/users/4`)).rejects.toThrow()
  } finally {
    server.close()
  }
})
