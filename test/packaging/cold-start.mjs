// Cold start of the built package: spawns a fresh Node N times per entry and reports
// the median and the mean wall time of `import()` / `require()` of that entry.
// Usage: node test/packaging/cold-start.mjs [runs]   (needs dist/: npm run build)
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const runs = Number(process.argv[2] ?? 20)
// Files (not `node -e`) inside the repo, so that `mocklib` resolves to this package.
const folder = mkdtempSync(join(root, 'test', 'packaging', '.cold-start-'))
const cases = {
  'node (empty file)': '0',
  "import('mocklib')": "import('mocklib')",
  "import('mocklib/node')": "import('mocklib/node')",
  "require('mocklib/node')": "require('mocklib/node')",
  "import('mocklib/node') + listen()":
    "import('mocklib/node').then(({ setupServer }) => { const s = setupServer(); s.listen(); s.close() })",
}

let counter = 0
for (const [label, code] of Object.entries(cases)) {
  const file = join(folder, `case-${counter++}.cjs`)
  writeFileSync(file, code)
  const times = []
  for (let index = 0; index < runs + 2; index++) {
    const start = process.hrtime.bigint()
    const result = spawnSync(process.execPath, [file], { cwd: root, env: { ...process.env, NODE_OPTIONS: '' } })
    const elapsed = Number(process.hrtime.bigint() - start) / 1e6
    if (result.status !== 0) throw new Error(`${label} failed: ${result.stderr}`)
    if (index >= 2) times.push(elapsed) // two warm-up runs fill the file cache
  }
  times.sort((a, b) => a - b)
  const median = times[Math.floor(times.length / 2)]
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length
  console.log(`${label.padEnd(40)} median ${median.toFixed(1)} ms  mean ${mean.toFixed(1)} ms  (n=${runs})`)
}
rmSync(folder, { recursive: true, force: true })
