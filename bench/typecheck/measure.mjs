// Type-check cost: the generated file for mocklib and for msw, each checked by
// `tsc --extendedDiagnostics` in a fresh process, interleaved over rounds.
import { spawn } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { median } from '../lib/stats.mjs'
import { mocklibFile, mswFile } from './generate.mjs'

const ROUTES = 300
const OPERATIONS = 100
const require = createRequire(import.meta.url)
const tsc = require.resolve('typescript/bin/tsc')
// Inside the package, so that `mocklib` resolves to its own dist by self-reference.
const root = fileURLToPath(new URL('./.generated/', import.meta.url))

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

function write(name, source) {
  const dir = `${root}${name}/`
  mkdirSync(dir, { recursive: true })
  writeFileSync(`${dir}handlers.ts`, source)
  writeFileSync(`${dir}tsconfig.json`, JSON.stringify({ compilerOptions, files: ['handlers.ts'] }, null, 2))
  return `${dir}tsconfig.json`
}

function runTsc(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--extendedDiagnostics'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.stderr.on('data', (chunk) => (out += chunk))
    child.on('close', (code) => {
      const seconds = (label) => Number(out.match(new RegExp(`${label}:\\s+([\\d.]+)s`))?.[1]) * 1000
      const diagnostics = out.split('\n').filter((line) => /error TS/.test(line))
      resolve({ code, check: seconds('Check time'), total: seconds('Total time'), types: Number(out.match(/Types:\s+(\d+)/)?.[1]), diagnostics })
    })
  })
}

export async function measureTypecheck({ rounds }) {
  const index = await import('../../dist/index.js')
  const operations = 'graphql' in index ? OPERATIONS : 0
  const projects = {
    mocklib: write('mocklib', mocklibFile({ routes: ROUTES, operations })),
    msw3: write('msw', mswFile({ routes: ROUTES, operations })),
  }
  const runs = { mocklib: [], msw3: [] }
  const totals = { mocklib: [], msw3: [] }
  const types = {}
  const errors = []
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? ['msw3', 'mocklib'] : ['mocklib', 'msw3']
    for (const name of order) {
      const result = await runTsc(projects[name])
      if (result.code !== 0) errors.push(`typecheck ${name}: tsc exit ${result.code}: ${result.diagnostics.slice(0, 3).join(' | ')}`)
      runs[name].push(result.check)
      totals[name].push(result.total)
      types[name] = result.types
    }
  }
  rmSync(root, { recursive: true, force: true })
  const medians = { mocklib: median(runs.mocklib), msw3: median(runs.msw3) }
  const note =
    `Type-check: ${ROUTES} routes${operations ? ` + ${operations} typed GraphQL operations` : ' (GraphQL operations pending: mocklib does not export `graphql` yet)'}; ` +
    `tsc ${require('typescript/package.json').version} check time (total time: mocklib ${median(totals.mocklib).toFixed(0)} ms, msw ${median(totals.msw3).toFixed(0)} ms; ` +
    `types: mocklib ${types.mocklib}, msw ${types.msw3}). msw is written with explicit generics on every handler; mocklib infers params from the path.`
  return { medians, note, errors }
}
