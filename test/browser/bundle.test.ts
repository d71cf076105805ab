import { existsSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'esbuild'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
const nodeBuiltins = new Set(builtinModules)

/** Bundles `contents` for the browser and returns every Node-only import it met. */
async function nodeImportsOf(contents: string, alias: Record<string, string> = {}): Promise<string[]> {
  const found: string[] = []
  const detect: Plugin = {
    name: 'detect-node-imports',
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, ({ path, importer }) => {
        if (path.startsWith('node:') || nodeBuiltins.has(path)) {
          found.push(`${path} (imported by ${importer.replace(root, '')})`)
          return { path, external: true }
        }
        return undefined
      })
    },
  }
  await build({
    stdin: { contents, resolveDir: root, sourcefile: 'entry.ts', loader: 'ts' },
    absWorkingDir: root,
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    splitting: true,
    outdir: 'out',
    alias,
    plugins: [detect],
    logLevel: 'silent',
  })
  return found
}

const APP = "export * from 'mocklib/browser'; export { http, graphql, HttpResponse, passthrough, bypass, delay } from 'mocklib'"

describe('the browser bundle has no Node-only import', () => {
  it('(the detector itself sees node: and bare builtin imports)', async () => {
    expect(await nodeImportsOf("import 'node:fs'; import 'path'")).toHaveLength(2)
  })

  it('from the sources (fallback interceptors and lazy chunks included)', async () => {
    const alias = { mocklib: './src/api/index.ts', 'mocklib/browser': './src/api/browser.ts' }
    expect(await nodeImportsOf(APP, alias)).toEqual([])
  })

  it.skipIf(!existsSync(`${root}dist/browser.js`))('from the built package, through its exports map', async () => {
    expect(await nodeImportsOf(APP)).toEqual([])
  })

  it('the Service Worker script is one plain script without imports', async () => {
    const result = await build({
      entryPoints: [`${root}src/service-worker/worker.ts`],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      metafile: true,
      logLevel: 'silent',
    })
    const output = Object.values(result.metafile.outputs)[0]!
    expect(output.imports).toEqual([])
    expect(result.outputFiles[0]!.text).not.toMatch(/\bimport\s*\(|\brequire\s*\(/)
  })
})
