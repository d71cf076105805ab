// Runs every demo in this folder, one after the other, each in its own process.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const folder = fileURLToPath(new URL('.', import.meta.url))
const demos = readdirSync(folder).filter((name) => name.endsWith('-demo.mjs')).sort()
let failed = 0
for (const demo of demos) {
  console.log(`\n▶ examples/${demo}`)
  const result = spawnSync(process.execPath, [folder + demo], { stdio: 'inherit' })
  if (result.status !== 0) failed++
}
process.exit(failed === 0 ? 0 : 1)
