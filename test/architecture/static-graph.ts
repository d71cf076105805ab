// What an entry evaluates at import: its static graph of value imports and
// re-exports (`import type` and `import()` excluded), read with the TypeScript parser.
import { readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

export const src = fileURLToPath(new URL('../../src/', import.meta.url))

/** The src/ files (paths relative to src/) and the package specifiers `entry` reaches statically. */
export function staticGraph(entry: string): { readonly files: Set<string>; readonly packages: Set<string> } {
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
  return { files: new Set([...seen].map((file) => relative(src, file))), packages }
}
