// Type-check cost on the bench's workload (bench/typecheck/generate.mjs: 500 routes over the
// whole path grammar, 200 typed GraphQL operations, builder chains of 4 to 6 steps), in figures
// that do not depend on the machine's load: tsc's instantiation count for each mocklib style
// against the same handlers on msw 2 with explicit generics. Checks the built types (dist/).
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

interface TscResult {
  readonly code: number
  readonly instantiations: number
  readonly diagnostics: readonly string[]
}
interface Workload {
  readonly routes: number
  readonly operations: number
}
type FileMaker = (workload: Workload & { module?: string }) => string

const generate = (await import('../../bench/typecheck/generate.mjs' as string)) as Record<string, FileMaker> & { WORKLOAD: Workload }
const tscProject = (await import('../../bench/typecheck/tsc-project.mjs' as string)) as {
  COMPILERS: readonly { version: string; tsc: string }[]
  runTsc(tsc: string, project: string): Promise<TscResult>
  writeProject(root: string, name: string, source: string): string
}

// The native compiler where installed (its counts match tsc 5.9's within a few per mille), for speed.
const compiler = tscProject.COMPILERS.find((candidate) => candidate.version === '7.0') ?? tscProject.COMPILERS[0]!
const root = fileURLToPath(new URL(`../../bench/typecheck/.type-cost-${process.pid}/`, import.meta.url))
afterAll(() => rmSync(root, { recursive: true, force: true }))

async function check(name: string, source: string): Promise<number> {
  const result = await tscProject.runTsc(compiler.tsc, tscProject.writeProject(root, name, source))
  expect(result.diagnostics, `${name} type-checks`).toEqual([])
  expect(result.code).toBe(0)
  return result.instantiations
}

describe('type-check cost of the bench workload against msw 2', () => {
  const workload = generate.WORKLOAD
  let msw2 = 0

  it('the msw 2 file type-checks', async () => {
    msw2 = await check('msw2', generate.mswFile!({ ...workload, module: 'msw2' }))
    expect(msw2).toBeGreaterThan(0)
  }, 60_000)

  // Issue 36 asks for at most 0.8x in every style; the limits below hold what is reached so far
  // (http.* inferred 0.78x, explicit generics 0.98x on tsc 5.9 and 1.00x on tsc 7, builder 0.93x)
  // against regressions.
  const limits = { mocklibFile: 0.8, mocklibExplicitFile: 1.02, mocklibBuilderFile: 0.95 }
  for (const [maker, limit] of Object.entries(limits)) {
    it(`${maker}: instantiations at most ${limit}x msw 2's`, async () => {
      const instantiations = await check(maker, generate[maker]!(workload))
      expect(instantiations / msw2).toBeLessThanOrEqual(limit)
    }, 60_000)
  }
})
