// The CommonJS build has no ESM-only dependency left to fail on (issue 10 item 15):
// the one `require('mocklib/node')` that cannot work is on a Node.js older than the
// supported one, and it fails at import with a message that says what to do.
// Simulated by removing `process.getBuiltinModule` (Node >= 22.3) before the require.
//
// Needs dist/ (npm run build). Run with `npm run test:pack`.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { root } from './support/packed-project.js'

function requireNode(prelude: string): { status: number | null; stderr: string; stdout: string } {
  // Run from the repository root: `mocklib` resolves to this package (self-reference).
  const code = `${prelude}; const { setupServer } = require('mocklib/node'); console.log(typeof setupServer)`
  const result = spawnSync(process.execPath, ['-e', code], { cwd: join(root), encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } })
  return { status: result.status, stderr: result.stderr, stdout: result.stdout.trim() }
}

describe('require("mocklib/node")', () => {
  it('loads on the supported Node', () => {
    expect(requireNode('')).toMatchObject({ status: 0, stdout: 'function' })
  })

  it('fails at import on an older Node, saying which version is needed', () => {
    const result = requireNode('delete process.getBuiltinModule')
    expect(result.status).not.toBe(0)
    expect(result.stderr).toContain('[mocklib] mocklib needs Node.js 22.12 or newer; this is Node.js')
    expect(result.stderr).toContain('Upgrade Node.js')
  })
})
