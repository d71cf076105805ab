// The ES module build's files (scripts/merge-esm-chunks.mjs): Node's ES module
// loader pays for every file an import reads (~0.6 ms of CPU each on the bench
// machine, before any of mocklib's code runs), so the entries' static import
// graphs stay small: the `mocklib` entry (which holds the shared core), the other
// entry, and for Node the history, assertions and recording the browser loads
// lazily. What the browser entry loads holds no Node-only module.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const dist = fileURLToPath(new URL('../../dist/', import.meta.url))

// A minified file has several statements on a line: an import starts a line or follows a `;`.
const staticImport = /(?:^|;)(?:import|export)\b[^'";]*?(?:from\s*)?['"](\.\/[^'"]+)['"]/gm
const dynamicImport = /\bimport\(\s*['"](\.\/[^'"]+)['"]\s*\)/g

const importsOf = (file: string, pattern: RegExp) => [...readFileSync(join(dist, file), 'utf8').matchAll(pattern)].map((match) => match[1]!.slice(2))

/** The files `import` of `entries` reads, in the order found. */
function staticGraph(...entries: string[]): string[] {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    importsOf(file, staticImport).forEach(visit)
  }
  entries.forEach(visit)
  return [...seen]
}

describe('the ES module build', () => {
  it("reads three files for `import 'mocklib'` and `import 'mocklib/node'` together", () => {
    const files = staticGraph('index.js', 'node.js')
    expect(files, files.join(', ')).toHaveLength(3)
  })

  it("reads two files for `import 'mocklib'` and `import 'mocklib/browser'`", () => {
    const files = staticGraph('index.js', 'browser.js')
    expect(files, files.join(', ')).toEqual(['index.js', 'browser.js'])
  })

  it('loads every file the browser entry reaches, lazily included, where there is no `process`', () => {
    // A lazily loaded browser chunk may share a file with Node (node-shared): its top level
    // must still run where there is no `process` (a page once threw "process is not defined" there).
    const reached = new Set(staticGraph('index.js', 'browser.js'))
    for (const file of [...reached]) for (const lazy of importsOf(file, dynamicImport)) staticGraph(lazy).forEach((found) => reached.add(found))
    expect([...reached].some((file) => file.startsWith('node-shared')), [...reached].join(', ')).toBe(true)
    const script = `const { pathToFileURL } = await import('node:url'); const files = process.argv.slice(1); globalThis.process = undefined
      const failures = []; for (const file of files) { try { await import(pathToFileURL(file).href) } catch (error) { failures.push(file + ': ' + error) } }
      console.log(JSON.stringify(failures))`
    const failures = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script, ...[...reached].map((file) => join(dist, file))]).toString())
    expect(failures).toEqual([])
  })

  it('has every file its static and lazy imports name', () => {
    const all = new Set(staticGraph('index.js', 'node.js', 'browser.js'))
    for (const file of [...all]) for (const lazy of importsOf(file, dynamicImport)) staticGraph(lazy).forEach((found) => all.add(found))
    for (const file of all) expect(existsSync(join(dist, file)), file).toBe(true)
    expect([...all].some((file) => file.startsWith('socket-adapter'))).toBe(true)
  })
})
