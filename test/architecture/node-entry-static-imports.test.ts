// Cold start (issue 9): what `import 'mocklib/node'` evaluates is its static
// import graph. Neither interceptor of @mswjs/interceptors that Node uses is in it:
// the socket interceptor is reached by a plain `import()` of the socket layer on the
// first connection made while listening (socket-layer-on-demand.ts), and the
// XMLHttpRequest interceptor by an `import()` started at import only in DOM
// environments (xhr-source.ts); bundlers follow both. The WebSocket interceptor (the
// browser's; Node's global WebSocket is mocklib's own MockWebSocket) is not used at all.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const src = fileURLToPath(new URL('../../src/', import.meta.url))

/** Every package specifier reached through value imports and re-exports (no `import type`, no `import()`). */
function staticPackages(entry: string): Set<string> {
  const packages = new Set<string>()
  const seen = new Set<string>()
  const queue = [join(src, entry)]
  while (queue.length > 0) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
    for (const statement of source.statements) {
      let specifier: ts.Expression | undefined
      if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) specifier = statement.moduleSpecifier
      if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) specifier = statement.moduleSpecifier
      if (!specifier || !ts.isStringLiteral(specifier)) continue
      const name = specifier.text
      if (name.startsWith('.')) queue.push(join(dirname(file), name.replace(/\.js$/, '.ts')))
      else packages.add(name)
    }
  }
  return packages
}

describe('the Node entry’s static imports', () => {
  const packages = staticPackages('api/node.ts')

  it('exclude the socket interceptor, which the first connection loads with import()', () => {
    expect(packages).not.toContain('@mswjs/interceptors/http')
    const onDemand = readFileSync(join(src, 'kernel/node/socket-layer-on-demand.ts'), 'utf8')
    expect(onDemand).toMatch(/\bimport\('\.\/socket-adapter\.js'\)/)
    const socketLayer = readFileSync(join(src, 'kernel/node/load-interceptors.ts'), 'utf8')
    expect(socketLayer).toMatch(/^import \{ HttpRequestInterceptor \} from '@mswjs\/interceptors\/http'/m)
  })

  it('exclude the XMLHttpRequest interceptor, which DOM environments load with import()', () => {
    expect(packages).not.toContain('@mswjs/interceptors/XMLHttpRequest/web')
    const xhrSource = readFileSync(join(src, 'kernel/node/xhr-source.ts'), 'utf8')
    expect(xhrSource).toMatch(/\bimport\('@mswjs\/interceptors\/XMLHttpRequest\/web'\)/)
  })

  it('exclude the WebSocket interceptor', () => {
    expect([...packages].filter((name) => /WebSocket/i.test(name))).toEqual([])
  })
})
