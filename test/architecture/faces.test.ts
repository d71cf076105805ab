// Issue 34: the api enters the kernel and the dsl through their faces (an index.ts: the layer's own,
// or a folder's for a mechanism loaded apart, such as kernel/node, kernel/browser, kernel/playwright),
// never a deep path, types included; and what `mocklib/node` loads holds no browser code.
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { localImports } from './module-specifiers.js'
import { src, staticGraph } from './static-graph.js'

const apiFiles = (readdirSync(`${src}api`, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts')).map((file) => `api/${file.split('\\').join('/')}`)

// The dsl's public list, which the `mocklib` entry re-exports whole, is a face too.
const isFace = (file: string) => file.endsWith('/index.ts') || file === 'dsl/public-exports.ts'


const isBrowserCode = (file: string) => file.startsWith('api/browser/') || file.startsWith('kernel/browser/') || file.startsWith('service-worker/')

describe('faces, not deep paths', () => {
  it('reads the api', () => {
    expect(apiFiles).toEqual(expect.arrayContaining(['api/index.ts', 'api/node.ts', 'api/browser/setup-worker.ts', 'api/playwright-network.ts']))
  })

  it('the api imports kernel/ and dsl/ only through faces (types and import() included)', () => {
    const deep = apiFiles.flatMap((file) =>
      localImports(file)
        .filter((target) => (target.startsWith('kernel/') || target.startsWith('dsl/')) && !isFace(target))
        .map((target) => `${file} → ${target}`),
    )
    expect(deep).toEqual([])
  })

  it('what mocklib/node evaluates holds no browser code', () => {
    const { files } = staticGraph('api/node.ts')
    expect(files).toContain('api/setup-server.ts')
    expect([...files].filter(isBrowserCode)).toEqual([])
  })

  it('nothing mocklib/node names, types and import() included, is browser code', () => {
    const seen = new Set<string>()
    const queue = ['api/node.ts']
    while (queue.length > 0) {
      const file = queue.pop()!
      if (seen.has(file)) continue
      seen.add(file)
      queue.push(...localImports(file))
    }
    expect([...seen].filter(isBrowserCode)).toEqual([])
  })
})
