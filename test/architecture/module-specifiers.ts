// Every module a file names, `import type` and `import()` included: the rules
// about who may know whom hold for types too (madge and the static graph skip them).
import { readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import ts from 'typescript'
import { src } from './static-graph.js'

/**
 * The module specifiers `file` names, as written: imports, re-exports,
 * `import type`, `typeof import('…')` and `import()`.
 *
 * @example
 * specifiers('/abs/src/kernel/runtime.ts') // ['./contracts.js', …]
 */
export function specifiers(file: string): string[] {
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text)
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) found.push(node.argument.literal.text)
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) found.push(node.arguments[0].text)
    ts.forEachChild(node, visit)
  }
  visit(ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true))
  return found
}

/**
 * The src/ files `file` (relative to src/) names, relative to src/ with their
 * `.ts` extension; package specifiers are left out.
 *
 * @example
 * localImports('kernel/node/index.ts') // ['kernel/node/async-scope-store.ts', …]
 */
export function localImports(file: string): string[] {
  return specifiers(join(src, file))
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => relative(src, join(dirname(join(src, file)), specifier.replace(/\.js$/, '.ts'))))
}
