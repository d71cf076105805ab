import { realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const root = (path: string) => realpathSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)))

// The type matrix installs older compilers that also declare a `tsc` bin: `npx tsc` must still be
// the project's own TypeScript (README, "While working on mocklib"), whatever npm linked last.
it('npx tsc runs the project TypeScript, not one of the type matrix compilers', () => {
  expect(root('node_modules/.bin/tsc')).toBe(root('node_modules/typescript/bin/tsc'))
})
