import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { build } from 'esbuild'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildWorker } from './harness.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const run = promisify(execFile)
let dir: string

// The CLI as the package ships it: dist/cli.js next to dist/mocklib-worker.js.
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mocklib-cli-'))
  await build({
    entryPoints: [`${root}src/cli/mocklib.ts`],
    outfile: join(dir, 'dist/cli.js'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    define: { __MOCKLIB_VERSION__: '"9.9.9"' },
    logLevel: 'silent',
  })
  await writeFile(join(dir, 'dist/mocklib-worker.js'), await buildWorker('9.9.9'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

it('init <publicDir> copies the worker script there and says where it put it', async () => {
  const target = join(dir, 'app/public')
  const { stdout } = await run(process.execPath, [join(dir, 'dist/cli.js'), 'init', target])
  expect(stdout).toContain(`to ${join(target, 'mocklib-worker.js')}`)
  expect(stdout).toContain('mocklib 9.9.9')
  expect(await readFile(join(target, 'mocklib-worker.js'), 'utf8')).toContain('"9.9.9"')
})

it('init without a directory fails with the usage', async () => {
  const failure = await run(process.execPath, [join(dir, 'dist/cli.js'), 'init']).then(
    () => undefined,
    (error: { code: number; stderr: string }) => error,
  )
  expect(failure?.code).toBe(1)
  expect(failure?.stderr).toContain('Usage: npx mocklib init <publicDir>')
})
