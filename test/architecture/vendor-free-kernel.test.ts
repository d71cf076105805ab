// The kernel's protocol-neutral contract (the files right under src/kernel/)
// names no third-party type: sources and adapters in the kernel's subfolders
// translate a library's objects at the edge. madge skips `import type`, so
// this reads the import statements themselves.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const kernel = fileURLToPath(new URL('../../src/kernel/', import.meta.url))

/** Every module specifier a file names: imports, re-exports, `import type`, `import()`. */
function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text)
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) found.push(node.argument.literal.text)
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) found.push(node.arguments[0].text)
    ts.forEachChild(node, visit)
  }
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true))
  return found
}

describe('the kernel contract is vendor-free', () => {
  const files = readdirSync(kernel).filter((name) => name.endsWith('.ts'))

  it('reads the kernel files', () => {
    expect(files).toContain('contracts.ts')
    expect(files).toContain('websocket-exchange.ts')
  })

  it('no file right under src/kernel/ imports a package, not even its types', () => {
    const vendored = files.flatMap((name) => specifiers(kernel + name).filter((specifier) => !specifier.startsWith('.')).map((specifier) => `${name} → ${specifier}`))
    expect(vendored).toEqual([])
  })
})
