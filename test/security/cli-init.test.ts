/**
 * Issue 14, item 12: `mocklib init` never creates a misspelled folder without
 * saying so, and `mocklib --version` prints the version. The CLI is built as
 * the package ships it (dist/cli.js next to dist/mocklib-worker.js).
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
const run = promisify(execFile)
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mocklib-cli-init-'))
  await build({
    entryPoints: [`${root}src/cli/mocklib.ts`],
    outfile: join(dir, 'dist/cli.js'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    define: { __MOCKLIB_VERSION__: '"9.9.9"' },
    logLevel: 'silent',
  })
  await writeFile(join(dir, 'dist/mocklib-worker.js'), '/* worker 9.9.9 */')
})
afterAll(() => rm(dir, { recursive: true, force: true }))

function cli(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(process.execPath, [join(dir, 'dist/cli.js'), ...args], { cwd }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  )
}

async function project(name: string): Promise<string> {
  const path = join(dir, name)
  await mkdir(path, { recursive: true })
  return path
}

describe('mocklib init', () => {
  it('refuses a directory that does not exist and is not a usual public folder (a typo)', async () => {
    const app = await project('typo')
    const result = await cli(['init', 'pubilc'], app)
    expect(result.code).toBe(1)
    expect(existsSync(join(app, 'pubilc'))).toBe(false)
    expect(result.stderr).toMatch(/^\[mocklib\] .*pubilc does not exist/m)
    expect(result.stderr).toContain('--create')
  })

  it('creates a missing directory when asked with --create', async () => {
    const app = await project('create')
    const result = await cli(['init', 'web/root', '--create'], app)
    expect(result.code).toBe(0)
    expect(existsSync(join(app, 'web/root/mocklib-worker.js'))).toBe(true)
    expect(result.stdout).toContain('Created')
  })

  it('creates a missing usual public folder (public/, static/) and says it did', async () => {
    const app = await project('fresh')
    const result = await cli(['init', 'public'], app)
    expect(result.code).toBe(0)
    expect(existsSync(join(app, 'public/mocklib-worker.js'))).toBe(true)
    expect(result.stdout).toMatch(/Created .*public/)
  })

  it('copies into an existing directory of any name without a "Created" line', async () => {
    const app = await project('existing')
    await mkdir(join(app, 'site'))
    const result = await cli(['init', 'site'], app)
    expect(result.code).toBe(0)
    expect(existsSync(join(app, 'site/mocklib-worker.js'))).toBe(true)
    expect(result.stdout).not.toContain('Created')
  })
})

describe('mocklib --version', () => {
  it.each(['--version', '-v'])('%s prints the version alone', async (flag) => {
    const result = await cli([flag], dir)
    expect(result.code).toBe(0)
    expect(result.stdout.trim()).toBe('9.9.9')
  })
})
