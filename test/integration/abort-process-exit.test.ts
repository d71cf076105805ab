// The whole-process view of issue 22 item 1: a script (a test file, for its
// runner) whose requests are torn down right after they are sent, or are left
// in flight when it calls close(), must end by itself. Each run is a child
// process with mocklib bundled from the sources; a process that spins or keeps
// a handle open is killed by the timeout and the test fails, instead of
// freezing this runner.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { afterAll, beforeAll, expect, it } from 'vitest'

const repository = fileURLToPath(new URL('../..', import.meta.url))
/** Inside the repository, so that the child resolves undici, axios and the rest from its node_modules. */
const cacheRoot = join(repository, 'node_modules', '.cache')
let directory = ''

/** Every client, each making one request that the script tears down at once or leaves in flight. */
const CHILD_SCRIPT = `
import nodeHttp from 'node:http'
import nodeHttps from 'node:https'
import axios from 'axios'
import nodeFetch from 'node-fetch'
import { fetch as undiciFetch, request as undiciRequest } from 'undici'
import { delay, http, setupServer } from './mocklib.mjs'

const teardown = process.argv[2]
const server = setupServer(http.all('*', () => delay('infinite')))
server.listen({ onUnhandledRequest: 'error' })

const outcome = (promise) => promise.then(() => 'resolved', (error) => error.name + (error.code ? ' ' + error.code : ''))
const withSignal = (start) => {
  const controller = new AbortController()
  const pending = outcome(start(controller.signal))
  if (teardown === 'abort') controller.abort()
  return pending
}
const viaNode = (module, url) =>
  new Promise((resolve) => {
    const events = []
    const request = module.request(url)
    request.on('error', (error) => events.push('error ' + error.code))
    request.on('close', () => resolve([...events, 'close'].join(', ')))
    request.end()
    if (teardown === 'abort') request.destroy()
  })

const pending = {
  fetch: withSignal((signal) => fetch('http://api.test/a', { signal })),
  'node:http': viaNode(nodeHttp, 'http://api.test/b'),
  'node:https': viaNode(nodeHttps, 'https://api.test/c'),
  'undici.request': withSignal((signal) => undiciRequest('http://api.test/d', { signal })),
  'undici.fetch': withSignal((signal) => undiciFetch('http://api.test/e', { signal })),
  axios: withSignal((signal) => axios.get('http://api.test/f', { signal, adapter: 'http' })),
  'node-fetch': withSignal((signal) => nodeFetch('http://api.test/g', { signal })),
}
if (teardown === 'abort') {
  const reports = {}
  for (const [name, report] of Object.entries(pending)) reports[name] = await report
  process.stdout.write(JSON.stringify(reports))
} else {
  // Left in flight: the resolver never answers, the script closes the server and ends.
  await new Promise((resolve) => setTimeout(resolve, 50))
  process.stdout.write('{}')
}
server.close()
`

beforeAll(async () => {
  mkdirSync(cacheRoot, { recursive: true })
  directory = mkdtempSync(join(cacheRoot, 'mocklib-abort-exit-'))
  const entry = join(directory, 'entry.ts')
  writeFileSync(entry, `export * from '${join(repository, 'src/api/index.ts')}'\nexport * from '${join(repository, 'src/api/node.ts')}'\n`)
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: join(directory, 'mocklib.mjs'), logLevel: 'silent' })
  writeFileSync(join(directory, 'child.mjs'), CHILD_SCRIPT)
})
afterAll(() => {
  if (directory !== '') rmSync(directory, { recursive: true, force: true })
})

interface Run {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly stdout: string
  readonly stderr: string
}

/** Runs the child script; a run still going after `timeoutMs` is killed (and reports SIGKILL). */
function runChild(teardown: 'abort' | 'in-flight', timeoutMs: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    // The vitest project's layer variables (MOCKLIB_*_LAYER) are in process.env: the child runs on the same layers.
    const child = spawn(process.execPath, [join(directory, 'child.mjs'), teardown], { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      resolve({ code, signal, stdout, stderr })
    })
  })
}

it('requests torn down right after they are sent report once each, and the process ends by itself', async () => {
  const run = await runChild('abort', 10_000)
  expect(run.signal, `the child was killed: it did not end within 10 s (stderr: ${run.stderr})`).toBeNull()
  expect(run.code, run.stderr).toBe(0)
  expect(JSON.parse(run.stdout)).toEqual({
    fetch: 'AbortError 20',
    'node:http': 'error ECONNRESET, close',
    'node:https': 'error ECONNRESET, close',
    'undici.request': 'AbortError 20',
    'undici.fetch': 'AbortError 20',
    axios: 'CanceledError ERR_CANCELED',
    'node-fetch': 'AbortError',
  })
}, 20_000)

it('requests left in flight when the script closes the server do not keep the process alive', async () => {
  const run = await runChild('in-flight', 10_000)
  expect(run.signal, `the child was killed: it did not end within 10 s (stderr: ${run.stderr})`).toBeNull()
  expect(run.code, run.stderr).toBe(0)
  expect(run.stdout).toBe('{}')
}, 20_000)
