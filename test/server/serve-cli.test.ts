// `npx mocklib serve`: the CLI started as a child process (bundled from src/cli as the package build bundles it;
// the mocklib entries it and the served modules import come from dist/, so run `npm run build` first).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { curl } from './clients.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const fixtures = join(root, 'test/server/fixtures')
// Inside the package (not under node_modules/), so that `import('mocklib/server')` resolves to the package itself.
const cli = join(root, 'temp', `mocklib-serve-cli-${process.pid}.mjs`)
const running = new Set<ChildProcessWithoutNullStreams>()

beforeAll(async () => {
  if (!existsSync(join(root, 'dist/server.js'))) throw new Error('dist/server.js is missing: run `npm run build` first.')
  await build({ entryPoints: [join(root, 'src/cli/mocklib.ts')], bundle: true, packages: 'external', platform: 'node', format: 'esm', outfile: cli, logLevel: 'silent' })
})
afterAll(() => {
  for (const child of running) child.kill()
  rmSync(cli, { force: true })
})

/** Starts `mocklib serve ...args` and resolves with the URL of its first line of output. */
function serve(...args: string[]): Promise<{ url: string; firstLine: string; child: ChildProcessWithoutNullStreams }> {
  const child = spawn(process.execPath, [cli, 'serve', ...args], { cwd: fixtures })
  running.add(child)
  return new Promise((resolve, reject) => {
    let output = ''
    let errors = ''
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk))
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk
      const newline = output.indexOf('\n')
      if (newline < 0) return
      const firstLine = output.slice(0, newline)
      resolve({ url: /http:\/\/\S+/.exec(firstLine)?.[0] ?? '', firstLine, child })
    })
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${errors}`)))
  })
}

/** Runs `mocklib serve ...args`, expecting it to fail: its exit code and what it printed on stderr. */
function serveFailing(...args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [cli, 'serve', ...args], { cwd: fixtures })
  running.add(child)
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })))
}

it('serves a TypeScript module (type stripping) and a module with a default export, and prints the URL first', async () => {
  const { url, firstLine, child } = await serve('handlers.ts', 'default-export.mjs', '--port', '0')
  expect(firstLine).toMatch(/^mocklib mock server listening on http:\/\/127\.0\.0\.1:\d+$/)
  expect(JSON.parse((await curl(`${url}/users/1`)).body)).toEqual({ id: 1, name: 'Ada' })
  expect((await curl(`${url}/health`)).body).toBe('ok')
  const unhandled = await curl(`${url}/nope`)
  expect(unhandled.status).toBe(404)
  expect(unhandled.body).toContain('[mocklib] No handler matched GET /nope')
  child.kill()
})

it('serves an OpenAPI document at its server path, and a HAR recording by path and query', async () => {
  const { url, child } = await serve('petstore.yaml', 'recording.har', '--port', '0')
  expect(JSON.parse((await curl(`${url}/v1/pets/7`)).body)).toEqual({ id: 7, name: 'Rex' })
  const notFound = await curl('-H', 'Prefer: code=404', `${url}/v1/pets/7`)
  expect([notFound.status, JSON.parse(notFound.body)]).toEqual([404, { message: 'no such pet' }])
  expect(JSON.parse((await curl(`${url}/orders?page=2`)).body)).toEqual([{ order: 'B-2' }])
  child.kill()
})

it('says in one line what is wrong, with an exit code: unknown file, module that throws, no handler list, port in use', async () => {
  const missing = await serveFailing('nowhere.ts')
  expect(missing).toEqual({ code: 1, stderr: '[mocklib] serve: nowhere.ts does not exist. Check the path (it is read relative to the current directory).\n' })
  const throwing = await serveFailing('throws.mjs')
  expect(throwing).toEqual({ code: 1, stderr: '[mocklib] serve: throws.mjs threw while loading: Error: the database URL is not set Fix the module (run it with node to see the whole stack).\n' })
  const empty = await serveFailing('no-handlers.mjs')
  expect(empty).toEqual({ code: 1, stderr: '[mocklib] serve: no-handlers.mjs exports no handler list. Export the handlers as `export default [...]` or `export const handlers = [...]`.\n' })
  const usage = await serveFailing('handlers.ts', '--port', 'abc')
  expect(usage).toEqual({ code: 2, stderr: '[mocklib] serve: --port must be a whole number, got "abc".\n' })
  const occupied = createServer()
  await new Promise<void>((resolve) => occupied.listen(0, '127.0.0.1', resolve))
  const port = (occupied.address() as { port: number }).port
  try {
    const inUse = await serveFailing('handlers.ts', '--port', String(port))
    expect(inUse.code).toBe(1)
    expect(inUse.stderr).toBe(`[mocklib] Port ${port} is already in use (127.0.0.1:${port}). Stop what listens there, or choose another port (--port, or 0 for a free one).\n`)
  } finally {
    occupied.close()
  }
})

it('--record writes each proxied exchange as it happens, and serving that file plays it back', async () => {
  const { createServer: createHttpServer } = await import('node:http')
  const { readFileSync } = await import('node:fs')
  const api = createHttpServer((request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ real: request.url })))
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
  const har = join(root, 'temp', `mocklib-serve-record-${process.pid}.har`)
  try {
    const { url, child } = await serve('default-export.mjs', '--port', '0', '--proxy', `http://127.0.0.1:${(api.address() as { port: number }).port}`, '--record', har)
    expect(JSON.parse((await curl(`${url}/accounts/7?full=1`)).body)).toEqual({ real: '/accounts/7?full=1' })
    await expect.poll(() => (existsSync(har) ? (JSON.parse(readFileSync(har, 'utf8')) as { log: { entries: unknown[] } }).log.entries.length : 0)).toBe(1)
    await curl(`${url}/health`) // mocked: not recorded
    expect(JSON.parse((await curl(`${url}/orders`)).body)).toEqual({ real: '/orders' })
    await expect.poll(() => (JSON.parse(readFileSync(har, 'utf8')) as { log: { entries: unknown[] } }).log.entries.length).toBe(2)
    child.kill()
  } finally {
    api.close()
  }
  // Offline: the API is gone, the recording answers.
  const replay = await serve(har, '--port', '0')
  expect(JSON.parse((await curl(`${replay.url}/accounts/7?full=1`)).body)).toEqual({ real: '/accounts/7?full=1' })
  expect(JSON.parse((await curl(`${replay.url}/orders`)).body)).toEqual({ real: '/orders' })
  replay.child.kill()
  rmSync(har, { force: true })
})

it('--watch reloads a changed module without dropping the port or the history', async () => {
  const { mkdirSync, writeFileSync } = await import('node:fs')
  // Inside the package, so that the module's `import 'mocklib'` resolves.
  const folder = join(root, 'temp', `mocklib-serve-watch-${process.pid}`)
  mkdirSync(folder, { recursive: true })
  const module = join(folder, 'handlers.mjs')
  const version = (text: string) => `import { http, HttpResponse } from 'mocklib'\nexport default [http.get('/version', () => HttpResponse.text('${text}'))]\n`
  writeFileSync(module, version('one'))
  try {
    const { url, child } = await serve(module, '--port', '0', '--watch')
    expect((await curl(`${url}/version`)).body).toBe('one')
    writeFileSync(module, version('two'))
    await expect.poll(async () => (await curl(`${url}/version`)).body, { timeout: 5_000 }).toBe('two')
    const journal = JSON.parse((await curl(`${url}/__mocklib/api/requests`)).body) as { url: string }[]
    expect(journal[0]?.url).toBe(`${url}/version`)
    expect(journal.length).toBeGreaterThanOrEqual(2)
    child.kill()
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
})

it('--contract answers a request that breaks the OpenAPI document with a 4xx naming the violation, as Prism does', async () => {
  const { url, child } = await serve('petstore.yaml', 'default-export.mjs', '--port', '0', '--contract')
  expect(JSON.parse((await curl(`${url}/v1/pets/7`)).body)).toEqual({ id: 7, name: 'Rex' })
  const badPath = await curl(`${url}/v1/pets/rex`)
  expect(badPath.status).toBe(400)
  expect(badPath.headers['content-type']).toEqual(['application/problem+json'])
  const problem = JSON.parse(badPath.body) as { status: number; violations: { part: string; name?: string; rule: string; message: string }[] }
  expect(problem.status).toBe(400)
  expect(problem.violations).toEqual([expect.objectContaining({ part: 'path', name: 'petId', rule: 'type' })])
  expect(problem.violations[0]!.message).toContain('request path "petId"')
  const badBody = await curl('-X', 'POST', '-H', 'content-type: application/json', '--data', '{"name":7}', `${url}/v1/pets`)
  expect(badBody.status).toBe(422)
  expect(badBody.body).toContain('request body at /name')
  const good = await curl('-X', 'POST', '-H', 'content-type: application/json', '--data', '{"name":"Tom"}', `${url}/v1/pets`)
  expect([good.status, JSON.parse(good.body)]).toEqual([201, { id: 8, name: 'Tom' }])
  // Requests for no operation of the document are the other sources' (here default-export.mjs's health check).
  expect((await curl(`${url}/health`)).body).toBe('ok')
  child.kill()
  const withoutDocument = await serveFailing('default-export.mjs', '--contract')
  expect(withoutDocument).toEqual({ code: 2, stderr: '[mocklib] serve: --contract needs an OpenAPI source to check requests against. Add the OpenAPI document (.yaml, .yml or .json) to the sources.\n' })
})

it('credits each answer to the line of its source that wrote the handler: a module, an OpenAPI operation, a HAR file', async () => {
  const { url, child } = await serve('handlers.ts', 'petstore.yaml', 'recording.har', '--port', '0')
  await curl(`${url}/users/1`)
  await curl(`${url}/v1/pets/7`)
  await curl(`${url}/orders?page=2`)
  const journal = JSON.parse((await curl(`${url}/__mocklib/api/requests`)).body) as { handler?: { header: string; source?: string } }[]
  expect(journal.map((entry) => entry.handler)).toEqual([
    { kind: 'http', header: 'GET /users/:id', source: 'handlers.ts:11' },
    { kind: 'http', header: 'GET /v1/pets/:petId', source: 'petstore.yaml:30' },
    { kind: 'http', header: expect.any(String), source: 'recording.har' },
  ])
  child.kill()
})

it('inspect opens a HAR file in the inspector: prints its URL first, serves the recording to the page', async () => {
  const child = spawn(process.execPath, [cli, 'inspect', 'recording.har', '--port', '0'], { cwd: fixtures })
  running.add(child)
  const firstLine = await new Promise<string>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().split('\n')[0]!)))
  expect(firstLine).toMatch(/^mocklib inspector for recording\.har: http:\/\/127\.0\.0\.1:\d+\/__mocklib\/\?har=recording\.har$/)
  const pageUrl = /http:\/\/\S+/.exec(firstLine)![0]
  const page = await curl(pageUrl)
  expect([page.status, page.body]).toEqual([200, expect.stringContaining('<title>mocklib inspector</title>')])
  const har = await curl(new URL('/__mocklib/api/har', pageUrl).href)
  expect(JSON.parse(har.body)).toEqual(JSON.parse(readFileSync(join(fixtures, 'recording.har'), 'utf8')))
  // Any other path leads to the page.
  expect((await curl(new URL('/', pageUrl).href)).headers.location).toEqual(['/__mocklib/?har=recording.har'])
  child.kill()
  // The file name is found among the options, whichever order they come in.
  const tokened = spawn(process.execPath, [cli, 'inspect', '--admin-token', 's3cret', 'recording.har', '--port', '0'], { cwd: fixtures })
  running.add(tokened)
  const tokenedLine = await new Promise<string>((resolve) => tokened.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString())))
  expect(tokenedLine).toMatch(/^mocklib inspector for recording\.har: http:\/\/127\.0\.0\.1:\d+\/__mocklib\/\?har=recording\.har/)
  tokened.kill()
  const notHar = spawn(process.execPath, [cli, 'inspect', 'default-export.mjs'], { cwd: fixtures })
  let stderr = ''
  notHar.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
  expect(await new Promise((resolve) => notHar.once('exit', resolve))).toBe(1)
  expect(stderr).toMatch(/^\[mocklib\] inspect: default-export\.mjs is no HAR recording: .*Give a \.har file/)
})
