// A Next.js app (Turbopack) whose instrumentation.ts starts setupServer, and whose
// server component fetches at request time: the page shows the mocked answer.
// It uses the built package (dist/), as an app would. The first release failed here
// with "Cannot find module '@mswjs/interceptors/http'" (an import hidden from the bundler).
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const app = fileURLToPath(new URL('./nextjs-app/', import.meta.url))
const nextBin = fileURLToPath(new URL('../../node_modules/next/dist/bin/next', import.meta.url))
const dist = fileURLToPath(new URL('../../dist/node.js', import.meta.url))
const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' }

function next(args: string[]): ChildProcess {
  return spawn(process.execPath, [nextBin, ...args], { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] })
}

function finished(child: ChildProcess, output: string[]): Promise<number | null> {
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  return new Promise((resolve) => child.on('close', resolve))
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0))
    })
  })
}

let server: ChildProcess | undefined
afterAll(() => {
  server?.kill()
  rmSync(`${app}.next`, { recursive: true, force: true })
})

describe('Next.js', () => {
  it('a server component answered by handlers started in instrumentation.ts', { timeout: 240_000 }, async () => {
    if (!existsSync(dist)) throw new Error('dist/ is missing: run `npm run build` first (npm test does).')
    const buildOutput: string[] = []
    const code = await finished(next(['build']), buildOutput)
    expect(code, buildOutput.join('')).toBe(0)

    const port = await freePort()
    server = next(['start', '-p', String(port), '-H', '127.0.0.1'])
    const startOutput: string[] = []
    void finished(server, startOutput)
    let html = ''
    for (let attempt = 0; attempt < 100 && html === ''; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      html = await fetch(`http://127.0.0.1:${port}/`).then(
        (response) => response.text(),
        () => '',
      )
    }
    expect(html, startOutput.join('')).toContain('<h1 id="title">Mocked post 7</h1>')
  })
})
