// Cold start of the built package: spawns a fresh Node N times per case and reports
// the wall time of `import()` / `require()` of an entry (and of a first listen()).
// Usage: node test/packaging/cold-start.mjs [runs]   (needs dist/: npm run build)
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const runs = Number(process.argv[2] ?? 20)
const cases = {
  'node (empty file)': '0',
  "import('mocklib')": "import('mocklib')",
  "import('mocklib/node')": "import('mocklib/node')",
  "require('mocklib/node')": "require('mocklib/node')",
  "import('mocklib/node') + listen()":
    "import('mocklib/node').then(({ setupServer }) => { const s = setupServer(); s.listen(); s.close() })",
}

/** Wall times (ms) of `runs` fresh processes running `file`, after two warm-up runs that fill the file cache. */
function time(file, label) {
  const times = []
  for (let index = 0; index < runs + 2; index++) {
    const start = process.hrtime.bigint()
    const result = spawnSync(process.execPath, [file], { cwd: root, env: { ...process.env, NODE_OPTIONS: '' } })
    const elapsed = Number(process.hrtime.bigint() - start) / 1e6
    if (result.status !== 0) throw new Error(`${label} failed: ${result.stderr}`)
    if (index >= 2) times.push(elapsed)
  }
  return times.sort((a, b) => a - b)
}

// Files (not `node -e`) inside the repository, so that `mocklib` resolves to this package.
const folder = mkdtempSync(join(root, 'test', 'packaging', '.cold-start-'))
try {
  for (const [index, [label, code]] of Object.entries(cases).entries()) {
    const file = join(folder, `case-${index}.cjs`)
    writeFileSync(file, code)
    const times = time(file, label)
    const median = times[Math.floor(times.length / 2)]
    const mean = times.reduce((sum, value) => sum + value, 0) / times.length
    // The minimum is the figure least disturbed by other processes on a shared machine.
    console.log(`${label.padEnd(36)} min ${times[0].toFixed(1)} ms  median ${median.toFixed(1)} ms  mean ${mean.toFixed(1)} ms  (n=${runs})`)
  }
} finally {
  rmSync(folder, { recursive: true, force: true })
}
