// Every setup compiles against the published types (issue 13 item 9): the
// consumers in test/consumers, compiled in a fresh project with the packed package,
// for moduleResolution node10, node16, nodenext and bundler; as CommonJS and as ES
// modules; with the DOM lib and without it (`lib: ["es2022"], types: ["node"]`, a
// Node project); skipLibCheck off, so that an error in our .d.ts is not hidden.
// TypeScript 5.9 runs the whole matrix; 6.0 and 7.0 run the Node cases of the
// resolutions they still support.
//
// Needs dist/ (npm run build). Run with `npm run test:pack`.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPackedProject, root, type PackedProject } from './support/packed-project.js'

let project: PackedProject

interface Setup {
  readonly resolution: 'node10' | 'node16' | 'nodenext' | 'bundler'
  readonly module: string
  /** The consumer's extension: .ts takes the kind from `module`, .cts/.mts force it. */
  readonly extension: '.ts' | '.cts' | '.mts'
  readonly kind: 'CJS' | 'ESM'
}

const setups: ReadonlyArray<Setup> = [
  { resolution: 'node10', module: 'commonjs', extension: '.ts', kind: 'CJS' },
  { resolution: 'node10', module: 'es2022', extension: '.ts', kind: 'ESM' },
  { resolution: 'node16', module: 'node16', extension: '.cts', kind: 'CJS' },
  { resolution: 'node16', module: 'node16', extension: '.mts', kind: 'ESM' },
  { resolution: 'nodenext', module: 'nodenext', extension: '.cts', kind: 'CJS' },
  { resolution: 'nodenext', module: 'nodenext', extension: '.mts', kind: 'ESM' },
  { resolution: 'bundler', module: 'esnext', extension: '.ts', kind: 'ESM' },
]

const compilers = {
  'TS 5.9': join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
  'TS 6.0': join(root, 'node_modules', 'typescript-6.0', 'bin', 'tsc'),
  'TS 7.0': join(root, 'node_modules', 'typescript-7.0', 'bin', 'tsc'),
}

// One tsc run takes 2-20 s; the machine may be shared.
const compileTimeout = 180_000

const consumer = (name: string) => readFileSync(join(root, 'test', 'consumers', name), 'utf8')

/** Writes one case folder (tsconfig + consumers) and returns its tsconfig path. */
function writeCase(setup: Setup, dom: boolean, compiler: string): string {
  const folder = `cases/${compiler.replace(/\W/g, '')}-${setup.resolution}-${setup.kind}-${dom ? 'dom' : 'nodom'}`
  const files = [`server${setup.extension}`, ...(dom ? [`browser${setup.extension}`] : [])]
  project.write(`${folder}/server${setup.extension}`, consumer('server.ts'))
  if (dom) project.write(`${folder}/browser${setup.extension}`, consumer('browser.ts'))
  project.write(
    `${folder}/tsconfig.json`,
    JSON.stringify({
      compilerOptions: {
        target: 'es2022',
        module: setup.module,
        moduleResolution: setup.resolution,
        lib: dom ? ['es2022', 'dom', 'dom.iterable'] : ['es2022'],
        types: ['node'],
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        esModuleInterop: true,
        // node10 is deprecated in TypeScript 6; projects that still use it silence the warning.
        ...(setup.resolution === 'node10' && compiler !== 'TS 5.9' ? { ignoreDeprecations: '6.0' } : {}),
      },
      files,
    }),
  )
  return `${folder}/tsconfig.json`
}

function compile(compiler: keyof typeof compilers, setup: Setup, dom: boolean): string {
  try {
    return project.run(process.execPath, [compilers[compiler], '-p', writeCase(setup, dom, compiler)])
  } catch (error) {
    return String((error as { stdout?: string }).stdout || error)
  }
}

beforeAll(() => {
  project = createPackedProject({ link: ['@types/node', 'undici-types', 'graphql'] })
}, 120_000)

afterAll(() => project?.remove())

describe('the published types compile in every setup (TS 5.9, skipLibCheck off)', () => {
  for (const setup of setups) {
    for (const dom of [true, false]) {
      it(`${setup.resolution} ${setup.kind}, ${dom ? 'DOM lib' : 'no DOM lib (Node project)'}`, () => {
        expect(compile('TS 5.9', setup, dom)).toBe('')
      }, compileTimeout)
    }
  }
})

describe('TypeScript 6.0 and 7.0, Node projects without the DOM lib', () => {
  const modern = setups.filter((setup) => setup.resolution === 'nodenext' || setup.resolution === 'bundler')
  for (const compiler of ['TS 6.0', 'TS 7.0'] as const) {
    for (const setup of modern) {
      it(`${compiler}: ${setup.resolution} ${setup.kind}`, () => {
        expect(compile(compiler, setup, false)).toBe('')
      }, compileTimeout)
    }
  }
})
