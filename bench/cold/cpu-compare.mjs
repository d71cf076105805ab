// Median total CPU (ms) of a cold start's phases (breakdown.mjs --child), in interleaved fresh processes:
// each mocklib build named on the command line, and fetch-mock; with and without Node's undici loaded
// before the clock starts. CPU time is less sensitive than wall time to the other processes of a shared machine.
//   node bench/cold/cpu-compare.mjs [rounds] <label>=<dist folder> [<label>=<dist folder>…]
// e.g. node bench/cold/cpu-compare.mjs 30 before=/tmp/dist-before after=dist
import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const args = process.argv.slice(2)
const rounds = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 30)
const builds = args.filter((arg) => arg.includes('=')).map((arg) => arg.split('='))
const breakdown = fileURLToPath(new URL('./breakdown.mjs', import.meta.url))
const runs = [...builds.map(([label, dist]) => [label, 'mocklib', { MOCKLIB_BENCH_DIST: resolve(dist) }]), ['fetch-mock', 'fetch-mock', {}]]
const samples = {}
for (let round = 0; round < rounds; round++) {
  for (const preload of [false, true]) {
    for (const [label, child, env] of runs) {
      const out = JSON.parse(execFileSync(process.execPath, [breakdown, '--child', child], { env: { ...process.env, ...env, ...(preload ? { PRELOAD_UNDICI: '1' } : {}) } }).toString())
      const cpu = Object.values(out.phases).reduce((sum, phase) => sum + phase.cpu, 0)
      ;(samples[`${label}${preload ? ' (undici loaded before the clock)' : ''}`] ??= []).push(cpu)
    }
  }
}
const median = (values) => values.sort((a, b) => a - b)[values.length >> 1]
for (const [key, values] of Object.entries(samples)) console.log(key.padEnd(44), median(values).toFixed(2), 'ms CPU')
