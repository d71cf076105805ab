// ajv (the compiled validator of mocklib/openapi) is a dependency of `mocklib/openapi` alone: `import 'mocklib'`
// and `import 'mocklib/node'` never load it, and mocklib/openapi loads it only when contract() runs.
// Read from the built package (dist/), in a fresh Node process each.
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
const petstore = fileURLToPath(new URL('../openapi/fixtures/petstore-3.0.yaml', import.meta.url))

/** The ajv files Node's CommonJS loader read (ES modules that import ajv go through it too) after `script`. */
function ajvFilesAfter(script: string): number {
  const program = `${script}
import { createRequire } from 'node:module'
const loaded = Object.keys(createRequire(import.meta.url).cache).filter((file) => file.includes('/node_modules/ajv/'))
process.stdout.write(String(loaded.length))`
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', program], { cwd: root, encoding: 'utf8' }))
}

describe('loading ajv', () => {
  it("import 'mocklib' and 'mocklib/node' (a server listening, a request answered) load none of it", () => {
    const files = ajvFilesAfter(`
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
const server = setupServer(http.get('https://x.test/a', () => HttpResponse.json({ a: 1 })))
server.listen()
await (await fetch('https://x.test/a')).json()
server.close()`)
    expect(files).toBe(0)
  })

  it("import 'mocklib/openapi' loads it only once contract() runs", () => {
    expect(ajvFilesAfter(`import 'mocklib/openapi'`)).toBe(0)
    expect(ajvFilesAfter(`const { contract } = await import('mocklib/openapi'); await contract(${JSON.stringify(petstore)})`)).toBeGreaterThan(0)
  })
})
