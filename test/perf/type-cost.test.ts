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
  readonly strictSubtypes: number
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

async function check(name: string, source: string, tsc = compiler.tsc): Promise<TscResult> {
  const result = await tscProject.runTsc(tsc, tscProject.writeProject(root, name, source))
  expect(result.diagnostics, `${name} type-checks`).toEqual([])
  expect(result.code).toBe(0)
  return result
}

describe('type-check cost of the bench workload against msw 2', () => {
  const workload = generate.WORKLOAD
  let msw2 = 0

  it('the msw 2 file type-checks', async () => {
    msw2 = (await check('msw2', generate.mswFile!({ ...workload, module: 'msw2' }))).instantiations
    expect(msw2).toBeGreaterThan(0)
  }, 60_000)

  // Issue 36 asks for at most 0.8x in every style; the limits below hold what is reached so far
  // (http.* inferred 0.61x, explicit generics 0.70x, builder 0.70x) against regressions.
  const limits = { mocklibFile: 0.64, mocklibExplicitFile: 0.73, mocklibBuilderFile: 0.73 }
  for (const [maker, limit] of Object.entries(limits)) {
    it(`${maker}: instantiations at most ${limit}x msw 2's`, async () => {
      const { instantiations } = await check(maker, generate[maker]!(workload))
      expect(instantiations / msw2).toBeLessThanOrEqual(limit)
    }, 60_000)
  }
})

// The cost that instantiation counts miss: `export const handlers = [...]` is one array literal,
// whose element type the compiler reduces by comparing the element types pairwise. msw's
// handlers all have one type; built mocks differ in their type arguments. A mock whose limit
// was set used to be `Mock & LimitSet`, an intersection compared member by member, and REST and
// GraphQL mocks had nothing to tell them apart at a glance: 347k strict-subtype relations on the
// bench workload (the builder file cost 1.9x msw 2's check time). Counted by tsc 5.9, which
// prints the cache's size.
describe('an array of builder mocks is not compared pair by pair', () => {
  const tsc59 = tscProject.COMPILERS.find((candidate) => candidate.version === '5.9')!

  it('the bench workload relates fewer than 5,000 pairs of types as strict subtypes', async () => {
    const { strictSubtypes } = await check('builder-pairs', generate.mocklibBuilderFile!(generate.WORKLOAD), tsc59.tsc)
    expect(strictSubtypes).toBeLessThan(5_000)
  }, 120_000)

  // What stays pairwise: mocks whose params, request body or variables types differ are distinct
  // types, as their `calls` are typed by them (msw's handlers type no calls); the README says so.
  it('mocks answering different bodies or results, with and without limits, do not grow the count with their number', async () => {
    const file = (count: number) =>
      [
        "import { mock } from 'mocklib'",
        'export const handlers = [',
        ...Array.from({ length: count }, (_, i) =>
          [
            `  mock.get('/a${i}/:id').reply<{ a${i}: number }>(200, { a${i}: ${i} })${i % 2 ? '.once()' : ''},`,
            `  mock.post('/b${i}').body<{ title: string }>().reply<{ b${i}: string }>(201, { b${i}: 'x' })${i % 3 ? '.times(2)' : ''},`,
            `  mock.query<{ q${i}: string }, { id: string }>('Q${i}').reply({ data: { q${i}: 'x' } })${i % 2 ? '.persist()' : ''},`,
          ].join('\n'),
        ),
        ']',
      ].join('\n')
    const small = (await check('pairs-20', file(20), tsc59.tsc)).strictSubtypes
    const large = (await check('pairs-200', file(200), tsc59.tsc)).strictSubtypes
    // Pairwise comparison grows 100x from 20 to 200 of each; per-mock work grows 10x.
    expect(large / small).toBeLessThan(20)
  }, 120_000)
})
