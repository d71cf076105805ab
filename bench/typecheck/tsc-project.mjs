// What measure.mjs (the bench's type-check rows) and compare.mjs (A/B of builds)
// share: the compilers, the options of a generated project, writing one, and
// running tsc on it with --extendedDiagnostics.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const here = (path) => fileURLToPath(new URL(path, import.meta.url))

/** The installed compilers: TypeScript 5.9, 6.0 and 7.0 (native). */
export const COMPILERS = [
  { name: 'tsc 5.9', version: '5.9', tsc: require.resolve('typescript/bin/tsc') },
  { name: 'tsc 6.0', version: '6.0', tsc: here('../../node_modules/typescript-6.0/bin/tsc') },
  { name: 'tsc 7.0', version: '7.0', tsc: here('../../node_modules/typescript-7.0/bin/tsc') },
].filter((compiler) => existsSync(compiler.tsc))

const compilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  target: 'es2022',
  module: 'nodenext',
  moduleResolution: 'nodenext',
  types: [],
  lib: ['es2022', 'dom'],
}

/**
 * Writes `source` as `<root><name>/handlers.ts` with its tsconfig.json and returns
 * the tsconfig's path. With `dist` (an absolute build folder), `mocklib` resolves
 * to that build's types instead of the package's own dist/ (self-reference).
 */
export function writeProject(root, name, source, dist) {
  const dir = `${root}${name}/`
  mkdirSync(dir, { recursive: true })
  writeFileSync(`${dir}handlers.ts`, source)
  const options = dist ? { ...compilerOptions, paths: { mocklib: [`${dist}/index.d.ts`] } } : compilerOptions
  writeFileSync(`${dir}tsconfig.json`, JSON.stringify({ compilerOptions: options, files: ['handlers.ts'] }, null, 2))
  return `${dir}tsconfig.json`
}

/**
 * Writes an ES module project: `files` (name → text, e.g. `handlers.mts`) and a
 * tsconfig.json that checks them with the options above; returns the tsconfig's path.
 * With `dist` (an absolute build folder), `mocklib` and `mocklib/openapi` resolve to that build's types.
 */
export function writeModuleProject(dir, files, dist) {
  mkdirSync(dir, { recursive: true })
  for (const [name, text] of Object.entries(files)) writeFileSync(`${dir}${name}`, text)
  const options = dist ? { ...compilerOptions, paths: { mocklib: [`${dist}/index.d.ts`], 'mocklib/openapi': [`${dist}/openapi.d.ts`] } } : compilerOptions
  writeFileSync(`${dir}tsconfig.json`, JSON.stringify({ compilerOptions: options, files: Object.keys(files) }, null, 2))
  return `${dir}tsconfig.json`
}

/**
 * Type-checks `project` with `tsc --extendedDiagnostics` in a fresh process.
 * `cpuClock` preloads cpu-clock.cjs, so that the times are CPU time (JavaScript compilers only).
 * @returns {Promise<{ code: number, check: number, total: number, types: number, instantiations: number, strictSubtypes: number, diagnostics: string[] }>} times in ms;
 *   `strictSubtypes`: the strict-subtype cache's size (NaN on tsc 7, which does not print it)
 */
export function runTsc(tsc, project, { cpuClock = false } = {}) {
  return new Promise((resolve) => {
    const clock = cpuClock ? ['-r', here('./cpu-clock.cjs')] : []
    const child = spawn(process.execPath, [...clock, tsc, '-p', project, '--extendedDiagnostics'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.stderr.on('data', (chunk) => (out += chunk))
    child.on('close', (code) => {
      const seconds = (label) => Number(out.match(new RegExp(`${label}:\\s+([\\d.]+)s`))?.[1]) * 1000
      resolve({
        code,
        check: seconds('Check time'),
        total: seconds('Total time'),
        types: Number(out.match(/Types:\s+(\d+)/)?.[1]),
        instantiations: Number(out.match(/Instantiations:\s+(\d+)/)?.[1]),
        strictSubtypes: Number(out.match(/Strict subtype cache size:\s+(\d+)/)?.[1]),
        diagnostics: out.split('\n').filter((line) => /error TS/.test(line)),
      })
    })
  })
}
