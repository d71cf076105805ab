// The consumer type matrix (issue 24 item 5): type-tests/consumer/*.ts checked
// against the BUILT package, resolved as a user's project resolves it: a
// temporary folder whose node_modules/mocklib links to this repository, so that
// package.json's exports, typesVersions and files decide what each compiler
// reads. One project per moduleResolution × skipLibCheck, shared by every
// compiler. Errors inside @types/node do not count: @types/node 24 itself does
// not compile under skipLibCheck false before TypeScript 5.6 or so, whatever
// mocklib does.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fromRoot, parseErrors, root } from './tsc-output.mjs'

const compilers = [
  { version: '5.0', tsc: 'node_modules/typescript-5.0/bin/tsc' },
  { version: '5.1', tsc: 'node_modules/typescript-5.1/bin/tsc' },
  { version: '5.2', tsc: 'node_modules/typescript-5.2/bin/tsc' },
  { version: '5.3', tsc: 'node_modules/typescript-5.3/bin/tsc' },
  { version: '5.9', tsc: 'node_modules/typescript/bin/tsc' },
  // 6.0 deprecates node10 (an error unless silenced); 7.0 removed it.
  { version: '6.0', tsc: 'node_modules/typescript-6.0/bin/tsc', node10Args: ['--ignoreDeprecations', '6.0'] },
  { version: '7.0', tsc: 'node_modules/typescript-7.0/bin/tsc', node10Args: null },
]

/**
 * Each resolution, with the declaration files a consumer must end up reading
 * (so that a project resolving the wrong entry, or none, fails).
 */
const resolutions = {
  node10: { compilerOptions: { module: 'commonjs', moduleResolution: 'node10' }, type: 'commonjs', reads: ['dist/index.d.cts', 'dist/node.d.cts'] },
  // An ES module file and the same file as .cts (CommonJS, the `require` condition).
  node16: { compilerOptions: { module: 'node16', moduleResolution: 'node16' }, type: 'module', cts: true, reads: ['dist/index.d.ts', 'dist/index.d.cts'] },
  bundler: { compilerOptions: { module: 'esnext', moduleResolution: 'bundler' }, type: 'module', reads: ['dist/index.d.ts', 'dist/node.d.ts'] },
}

const oldCompiler = { version: '4.9', tsc: 'node_modules/typescript-4.9/bin/tsc' }
const oldCompilerFile = 'legacy-types/mocklib-needs-TypeScript-5.0-or-newer.d.ts'
const consumerDir = fromRoot('type-tests/consumer')
const anyDetectorMark = '// any-detector'

/**
 * Writes the projects into a fresh temporary folder and returns its path.
 *
 * @example
 * const folder = prepareMatrix() // then check.run(folder, tsc) for each of matrixChecks()
 */
export function prepareMatrix() {
  const folder = mkdtempSync(join(tmpdir(), 'mocklib-type-matrix-'))
  const link = (target, name) => {
    mkdirSync(dirname(join(folder, 'node_modules', name)), { recursive: true })
    symlinkSync(target, join(folder, 'node_modules', name), 'dir')
  }
  link(root, 'mocklib')
  for (const name of ['@types/node', 'expect-type', '@graphql-typed-document-node/core']) link(fromRoot(`node_modules/${name}`), name)

  const testFiles = readdirSync(consumerDir).filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
  for (const [resolution, setup] of Object.entries(resolutions)) {
    const dir = join(folder, resolution)
    mkdirSync(dir)
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `consumer-${resolution}`, private: true, type: setup.type }))
    const files = []
    for (const name of testFiles) {
      cpSync(join(consumerDir, name), join(dir, name))
      files.push(name)
      if (setup.cts) {
        cpSync(join(consumerDir, name), join(dir, name.replace(/\.ts$/, '.cts')))
        files.push(name.replace(/\.ts$/, '.cts'))
      }
    }
    for (const skipLibCheck of [true, false]) writeTsconfig(dir, skipLibCheck, setup.compilerOptions, files)
  }

  // TypeScript 4.9 knows neither `bundler` nor the declarations' syntax.
  for (const resolution of ['node10', 'node16']) {
    const dir = join(folder, `old-${resolution}`)
    mkdirSync(dir)
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true, type: resolutions[resolution].type }))
    cpSync(fromRoot('type-tests/old-compiler/uses-mocklib.ts'), join(dir, 'uses-mocklib.ts'))
    // 4.9 spells node10 `node`.
    const options = resolution === 'node10' ? { module: 'commonjs', moduleResolution: 'node' } : resolutions[resolution].compilerOptions
    for (const skipLibCheck of [true, false]) writeTsconfig(dir, skipLibCheck, options, ['uses-mocklib.ts'])
  }

  // The same test files against a mocklib whose resolvers receive `any`.
  const detector = join(folder, 'any-detector')
  mkdirSync(detector)
  cpSync(join(consumerDir, 'typed-values.ts'), join(detector, 'typed-values.ts'))
  cpSync(fromRoot('type-tests/old-compiler/mocklib-any.d.ts'), join(detector, 'mocklib-any.d.ts'))
  writeTsconfig(detector, true, { ...resolutions.bundler.compilerOptions, paths: { mocklib: ['./mocklib-any.d.ts'], 'mocklib/node': ['./mocklib-any.d.ts'] } }, ['typed-values.ts'])
  return folder
}

function writeTsconfig(dir, skipLibCheck, options, files) {
  const compilerOptions = { strict: true, noEmit: true, target: 'es2022', lib: ['es2022', 'dom', 'dom.iterable'], types: ['node'], skipLibCheck, ...options }
  writeFileSync(join(dir, `tsconfig.${skipLibCheck ? 'skip' : 'full'}.json`), JSON.stringify({ compilerOptions, files }, null, 2))
}

/**
 * The matrix's checks: `{ name, what, run(folder, tsc) }`, `tsc(compiler, args)`
 * resolving to `{ ok, output }`.
 *
 * @example
 * for (const check of matrixChecks()) console.log(check.name) // matrix-ts5.0-node10-skipLibCheck, …
 */
export function matrixChecks() {
  const checks = []
  for (const compiler of compilers) {
    for (const [resolution, setup] of Object.entries(resolutions)) {
      const args = resolution === 'node10' ? (compiler.node10Args ?? []) : []
      if (resolution === 'node10' && compiler.node10Args === null) continue
      for (const skipLibCheck of [true, false]) {
        checks.push({
          name: `matrix-ts${compiler.version}-${resolution}${skipLibCheck ? '-skipLibCheck' : ''}`,
          what: `consumer: TypeScript ${compiler.version}, ${resolution}${setup.cts ? ' (ESM and .cts)' : ''}, skipLibCheck ${skipLibCheck}`,
          run: (folder, tsc) => checkConsumer(folder, tsc, compiler, args, resolution, skipLibCheck),
        })
      }
    }
  }
  for (const resolution of ['node10', 'node16']) {
    for (const skipLibCheck of [true, false]) {
      checks.push({
        name: `matrix-ts4.9-${resolution}${skipLibCheck ? '-skipLibCheck' : ''}`,
        what: `consumer: TypeScript 4.9 gets the "needs 5.0" error, ${resolution}, skipLibCheck ${skipLibCheck}`,
        run: (folder, tsc) => checkOldCompiler(folder, tsc, resolution, skipLibCheck),
      })
    }
  }
  checks.push({
    name: 'matrix-any-detector',
    what: 'consumer: the any-detector lines fail where resolvers receive any',
    run: checkAnyDetector,
  })
  return checks
}

async function checkConsumer(folder, tsc, compiler, args, resolution, skipLibCheck) {
  const project = join(folder, resolution, `tsconfig.${skipLibCheck ? 'skip' : 'full'}.json`)
  const result = await tsc(compiler.tsc, ['-p', project, '--listFiles', ...args])
  const problems = ownErrors(result.output).map((error) => error.text)
  const read = readFiles(result.output)
  // TypeScript 5.0 to 5.3 read dist/ts5.0/ ("types@<5.4", typesVersions "<5.4"; scripts/types-before-5.4.mjs), and
  // only those: the newer declarations name NoInfer, which they do not know.
  const older = Number(compiler.version) < 5.4
  for (const wanted of resolutions[resolution].reads.map((file) => (older ? file.replace('dist/', 'dist/ts5.0/') : file))) {
    if (!read.has(fromRoot(wanted))) problems.push(`the project did not read ${wanted}: mocklib resolved elsewhere`)
  }
  const other = [...read].find((file) => file.startsWith(fromRoot('dist/')) && file.startsWith(fromRoot('dist/ts5.0/')) !== older)
  if (other) problems.push(`TypeScript ${compiler.version} also read ${other}: the declarations of two compiler ranges mixed`)
  // A non-zero exit with no error at all is a crash, not @types/node's errors.
  if (!result.ok && parseErrors(result.output).length === 0) problems.push(`tsc failed without an error:\n${result.output.slice(-2000)}`)
  return { ok: problems.length === 0, output: problems.join('\n'), detail: version(result.output) }
}

async function checkOldCompiler(folder, tsc, resolution, skipLibCheck) {
  const project = join(folder, `old-${resolution}`, `tsconfig.${skipLibCheck ? 'skip' : 'full'}.json`)
  const result = await tsc(oldCompiler.tsc, ['-p', project, '--listFiles'])
  const source = readFileSync(fromRoot('type-tests/old-compiler/uses-mocklib.ts'), 'utf8').split('\n')
  const importLines = source.flatMap((line, index) => (/from 'mocklib(\/\w+)?'/.test(line) ? [index + 1] : []))
  const problems = []
  const errors = ownErrors(result.output)
  for (const line of importLines) {
    const found = errors.find((error) => error.line === line && error.code === 'TS2306' && error.text.includes('mocklib-needs-TypeScript-5.0-or-newer.d.ts'))
    if (!found) problems.push(`uses-mocklib.ts:${line}: no TS2306 error naming ${oldCompilerFile}`)
  }
  for (const error of errors) {
    if (!(importLines.includes(error.line) && error.code === 'TS2306')) problems.push(`an error besides the one message: ${error.text}`)
  }
  if ([...readFiles(result.output)].some((file) => file.startsWith(fromRoot('dist')))) problems.push('TypeScript 4.9 read dist/: typesVersions or the types@<5.0 conditions did not apply')
  return { ok: problems.length === 0, output: problems.join('\n'), detail: `${importLines.length} imports` }
}

async function checkAnyDetector(folder, tsc) {
  const result = await tsc(compilers.find((compiler) => compiler.version === '5.9').tsc, ['-p', join(folder, 'any-detector', 'tsconfig.skip.json')])
  const source = readFileSync(join(consumerDir, 'typed-values.ts'), 'utf8').split('\n')
  const marked = source.flatMap((line, index) => (line.trimEnd().endsWith(anyDetectorMark) && !line.trimStart().startsWith('//') ? [index + 1] : []))
  const failedLines = new Set(parseErrors(result.output).map((error) => error.line))
  const problems = marked.filter((line) => !failedLines.has(line)).map((line) => `typed-values.ts:${line} passed with any: ${source[line - 1].trim()}`)
  if (marked.length === 0) problems.push(`no line of type-tests/consumer/typed-values.ts is marked ${anyDetectorMark}`)
  return { ok: problems.length === 0, output: problems.join('\n'), detail: `${marked.length} lines` }
}

/** Errors that count: not inside @types/node. */
function ownErrors(output) {
  return parseErrors(output).filter((error) => !/node_modules[\\/]@types[\\/]node[\\/]/.test(error.file))
}

/** The files `--listFiles` printed (absolute paths, real ones: symlinks resolved). */
function readFiles(output) {
  return new Set(output.split('\n').filter((line) => /^(\/|[A-Za-z]:[\\/])\S*\.d\.c?ts$/.test(line.trim())).map((line) => line.trim()))
}

function version(output) {
  return /\/(ts\d+|typescript)\/lib\//.exec(output)?.[1] ?? ''
}
