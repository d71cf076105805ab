// The kernel's protocol-neutral contract (the files right under src/kernel/)
// names no third-party type: sources and adapters in the kernel's subfolders
// translate a library's objects at the edge. madge skips `import type`, so
// this reads the import statements themselves.
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { specifiers } from './module-specifiers.js'

const kernel = fileURLToPath(new URL('../../src/kernel/', import.meta.url))

describe('the kernel contract is vendor-free', () => {
  const files = readdirSync(kernel).filter((name) => name.endsWith('.ts'))

  it('reads the kernel files', () => {
    expect(files).toContain('contracts.ts')
    expect(files).toContain('websocket-exchange.ts')
  })

  it('no file right under src/kernel/ imports a package, not even its types', () => {
    const vendored = files.flatMap((name) => specifiers(kernel + name).filter((specifier) => !specifier.startsWith('.')).map((specifier) => `${name} → ${specifier}`))
    expect(vendored).toEqual([])
  })
})
