/**
 * Issue 14, item 12: installing mocklib runs no script (npm warns about, and
 * some setups refuse, packages with install-time scripts), a publish still
 * builds dist/, and the README says how to install.
 */
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'

const root = new URL('../../', import.meta.url)
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { scripts: Record<string, string> }
const readme = readFileSync(new URL('README.md', root), 'utf8')

it('has no install-time lifecycle script, and builds before publishing', () => {
  for (const name of ['preinstall', 'install', 'postinstall', 'prepare']) expect(pkg.scripts[name], name).toBeUndefined()
  expect(pkg.scripts.prepublishOnly).toBe('npm run build')
  // The commands that need dist/ build it themselves.
  expect(pkg.scripts.test).toMatch(/^npm run build && /)
  expect(readFileSync(new URL('examples/run-all.mjs', root), 'utf8')).toContain('tsup')
})

it('tells how to install mocklib, and graphql for GraphQL handlers', () => {
  expect(readme).toContain('npm i -D mocklib\n')
  expect(readme).toMatch(/npm i -D graphql .*GraphQL handlers/)
})
