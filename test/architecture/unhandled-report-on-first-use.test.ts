// What reports an unhandled request (its warning and error texts, a callback's print) loads with the
// first unhandled request: `import 'mocklib'`, `'mocklib/node'` and `'mocklib/browser'` evaluate only the
// policy's gate (kernel/unhandled-policy.ts), which reaches the report with a plain `import()`.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { src, staticGraph } from './static-graph.js'

it('the unhandled-request report is behind its gate for every entry', () => {
  for (const entry of ['api/index.ts', 'api/node.ts', 'api/browser.ts']) {
    const { files } = staticGraph(entry)
    expect(files, entry).toContain('kernel/unhandled-policy.ts')
    expect(files, entry).not.toContain('kernel/unhandled-report.ts')
  }
  expect(readFileSync(join(src, 'kernel/unhandled-policy.ts'), 'utf8')).toContain(`import('./unhandled-report.js')`)
})
