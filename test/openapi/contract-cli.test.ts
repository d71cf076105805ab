// `npx mocklib contract <document> <recording.har>`: real traffic from a real 127.0.0.1 server, recorded with
// server.record(), checked against the Petstore document; the CLI (bundled from the sources) prints the violations.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest'
import { checkRecording } from '../../src/cli/contract.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const PETSTORE_30 = join(root, 'test/openapi/fixtures/petstore-3.0.yaml')
const work = join(tmpdir(), `mocklib-contract-cli-${process.pid}`)
let api: Server
let base: string

beforeAll(async () => {
  // The real API, drifted from its document: ids are strings, and /pets/mine answers 500.
  api = createServer((request, response) => {
    if (request.url === '/v1/pets?limit=2') return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ id: 1, name: 'Rex' }, { id: 2, name: 'Tom' }]))
    if (request.url === '/v1/pets/7') return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: '7', name: 'Rex' }))
    response.writeHead(500, { 'content-type': 'text/plain' }).end('boom')
  })
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(api.address() as { port: number }).port}/v1`
  mkdirSync(work, { recursive: true })
  const server = setupServer()
  server.listen({ onUnhandledRequest: 'bypass' })
  try {
    const recording = server.record()
    await (await fetch(`${base}/pets?limit=2`)).text()
    await (await fetch(`${base}/pets/7`)).text()
    await (await fetch(`${base}/pets/mine`)).text()
    await recording.save(join(work, 'traffic.har'))
  } finally {
    server.close()
  }
})
afterAll(async () => {
  rmSync(work, { recursive: true, force: true })
  await new Promise((resolve) => api.close(resolve))
})

it('checkRecording() lists the violations of the recorded real answers', async () => {
  const violations = await checkRecording(PETSTORE_30, readFileSync(join(work, 'traffic.har'), 'utf8'), { baseUrl: base })
  expect(violations.map((violation) => [violation.operation, violation.part, violation.pointer, violation.rule])).toEqual([
    ['showPetById', 'body', '/id', 'type'],
    ['listMyPets', 'status', undefined, 'declared-status'],
  ])
})

it('the CLI prints them and exits with 1; a clean recording exits with 0', async () => {
  // Bundled from the sources as the package build does (dependencies stay imports), inside the repository so they resolve.
  const cli = join(root, 'node_modules/.cache', `mocklib-contract-cli-${process.pid}.mjs`)
  await build({ entryPoints: [join(root, 'src/cli/mocklib.ts')], bundle: true, packages: 'external', platform: 'node', format: 'esm', outfile: cli, logLevel: 'silent' })
  onTestFinished(() => rmSync(cli, { force: true }))
  let output = ''
  let status = 0
  try {
    execFileSync(process.execPath, [cli, 'contract', PETSTORE_30, join(work, 'traffic.har'), '--base-url', base], { encoding: 'utf8', stdio: 'pipe' })
  } catch (error) {
    output = (error as { stdout: string; stderr: string }).stdout + (error as { stderr: string }).stderr
    status = (error as { status: number }).status
  }
  expect(status).toBe(1)
  expect(output).toContain('2 contract violations against')
  expect(output).toContain(`GET ${base}/pets/7 (showPetById): response body at /id:`)
  expect(output).toContain(`GET ${base}/pets/mine (listMyPets): response status: status 500 is not declared (declared: 200)`)
  expect(output).toContain('(3 of 3 recorded exchanges are operations of it)')
  // A recording of the exchange that keeps the contract: exit 0, and how many exchanges were checked.
  const har = JSON.parse(readFileSync(join(work, 'traffic.har'), 'utf8')) as { log: { entries: { request: { url: string } }[] } }
  har.log.entries = har.log.entries.filter((entry) => entry.request.url.endsWith('/pets?limit=2'))
  writeFileSync(join(work, 'clean.har'), JSON.stringify(har))
  const clean = execFileSync(process.execPath, [cli, 'contract', PETSTORE_30, join(work, 'clean.har'), '--base-url', base], { encoding: 'utf8' })
  expect(clean).toContain('every exchange keeps the contract of')
  expect(clean).toContain('(1 of 1 recorded exchanges are operations of it)')
  // Against another base URL nothing in the recording is an operation of the document: nothing was checked, which fails.
  let unchecked = ''
  try {
    execFileSync(process.execPath, [cli, 'contract', PETSTORE_30, join(work, 'traffic.har')], { encoding: 'utf8', stdio: 'pipe' })
  } catch (error) {
    unchecked = (error as { stdout: string }).stdout
    status = (error as { status: number }).status
  }
  expect(status).toBe(1)
  expect(unchecked).toContain('none of its 3 recorded exchanges is an operation of')
  expect(unchecked).toContain('pass --base-url <url>')
  // A missing argument says what to do.
  expect(() => execFileSync(process.execPath, [cli, 'contract', PETSTORE_30], { encoding: 'utf8', stdio: 'pipe' })).toThrow(/contract needs the OpenAPI document and the HAR recording/)
})
