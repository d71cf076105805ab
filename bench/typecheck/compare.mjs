// A/B type-check cost of mocklib builds, for working on the types: the same
// workload as measure.mjs, checked against each build (and msw 2), ALL AT ONCE
// in each round, so that every project of a round shares the machine's load.
// On a shared machine the medians of sequential runs drift by 10–20% with the
// load; the per-round ratios of concurrent runs, each check timed in CPU time
// (cpu-clock.cjs; wall time on TypeScript 7), stay within a few percent, so a
// 5% change shows. Builds come from `npx tsup --out-dir /work/main/.<name>-dist`.
//
//   node bench/typecheck/compare.mjs --dist /work/main/.a-dist --dist /work/main/.b-dist [--tsc 6.0] [--style http|explicit|builder] [--rounds 10]
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { median } from '../lib/stats.mjs'
import { mocklibBuilderFile, mocklibExplicitFile, mocklibFile, mswFile, WORKLOAD } from './generate.mjs'
import { COMPILERS, runTsc, writeProject } from './tsc-project.mjs'

const here = (path) => fileURLToPath(new URL(path, import.meta.url))
const workload = WORKLOAD

function option(name, fallback) {
  const values = process.argv.flatMap((arg, index) => (arg === `--${name}` ? [process.argv[index + 1]] : []))
  return values.length ? values : fallback
}

const dists = option('dist', [])
const [version] = option('tsc', ['6.0'])
const [style] = option('style', ['http'])
const rounds = Number(option('rounds', ['10'])[0])
const compiler = COMPILERS.find((candidate) => candidate.version === version)
if (!dists.length || !compiler || !['http', 'explicit', 'builder'].includes(style)) {
  console.error('usage: node bench/typecheck/compare.mjs --dist <absolute build folder> [--dist …] [--tsc 5.9|6.0|7.0] [--style http|explicit|builder] [--rounds N]')
  process.exit(2)
}

// Inside the package, so that msw2 and graphql resolve from its node_modules.
const root = here(`./.compare-${process.pid}/`)

async function checkTime(project) {
  // TypeScript 7 is native: wall time.
  const result = await runTsc(compiler.tsc, project, { cpuClock: version !== '7.0' })
  // A build whose types fail the workload is not a faster build.
  if (result.code !== 0) throw new Error(`${project}: tsc exit ${result.code}: ${result.diagnostics[0]}`)
  return result.check
}

const source = style === 'http' ? mocklibFile(workload) : style === 'explicit' ? mocklibExplicitFile(workload) : mocklibBuilderFile(workload)
const projects = [
  ...dists.map((dist, index) => ({ name: `${index}: ${dist}`, path: writeProject(root, `build${index}`, source, dist) })),
  { name: 'msw 2 (explicit generics)', path: writeProject(root, 'msw2', mswFile({ ...workload, module: 'msw2' })) },
]
const times = projects.map(() => [])
try {
  for (let round = 0; round < rounds; round++) {
    const checks = await Promise.all(projects.map((project) => checkTime(project.path)))
    checks.forEach((time, index) => times[index].push(time))
  }
} finally {
  rmSync(root, { recursive: true, force: true })
}
const msw = projects.length - 1
console.log(`tsc ${version}, ${style} style, ${rounds} concurrent rounds: median check time (${version === '7.0' ? 'wall' : 'CPU'}), and the median of the per-round ratios`)
projects.forEach((project, index) => {
  const perRound = (other) => median(times[index].map((time, round) => time / times[other][round])).toFixed(3)
  console.log(`  ${project.name}: ${median(times[index]).toFixed(0)} ms; vs build 0 ${perRound(0)}x; vs msw 2 ${perRound(msw)}x`)
})
