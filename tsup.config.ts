import { readFileSync } from 'node:fs'
import { copyFile, mkdir } from 'node:fs/promises'
import { builtinModules, createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { defineConfig, type Options } from 'tsup'
import { mergeEsmChunks } from './scripts/merge-esm-chunks.mjs'

const { version, dependencies = {} } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string
  dependencies?: Record<string, string>
}
// The page and the worker script each carry the version; they must agree.
const define = { __MOCKLIB_VERSION__: JSON.stringify(version) }

// Built by the configs below; the library build's clean must leave them alone.
const toolFiles = ['mocklib-worker.js', 'mocklib-worker.js.map', 'cli.js', 'cli.js.map', ...['js', 'cjs', 'd.ts', 'd.cts', 'js.map', 'cjs.map'].map((extension) => `openapi.${extension}`)]

// The CommonJS build carries its ESM-only dependencies (@mswjs/interceptors and
// theirs): Jest's module loader (and any `require` without require(esm)) cannot load
// them. The ES module build keeps them external. graphql is a peer: never bundled.
const bundledInCommonJs = /^(?!graphql(\/|$)|node:)[^./]/
const externalInEsm = Object.keys(dependencies)
const llhttpWasm = join(dirname(createRequire(import.meta.url).resolve('@mswjs/interceptors/http')), '..', '..', 'llhttp', 'llhttp.wasm')

/**
 * In the CommonJS build, `import('graphql')` (and the browser entry's lazy chunks)
 * become `require` in a promise: a CommonJS module that calls `import()` needs
 * Node's ESM loader, which Jest only offers behind --experimental-vm-modules.
 * Runs on esbuild's output, before rollup writes the CommonJS chunk.
 */
const requireInCommonJs: NonNullable<Options['plugins']>[number] = {
  name: 'require-in-commonjs',
  renderChunk(code) {
    if (this.format !== 'cjs') return
    return { code: code.replace(/\bimport\((["'])([^"']+)\1\)/g, 'Promise.resolve().then(() => require($1$2$1))') }
  },
}

const builtins = new Set(builtinModules)

/**
 * In the ES module build, Node's built-in modules come from
 * `process.getBuiltinModule()` instead of `import` statements. For each builtin a
 * module imports, Node builds an ES module facade that copies every export (and so
 * runs lazy getters: `crypto.webcrypto` loads WebCrypto), and each
 * `syncBuiltinESMExports()` (in `listen()` and `close()`) copies them again: the
 * eleven builtins of the Node entry cost the cold start about 10 ms that way.
 * Nothing changes for mocklib's code (it reads the module objects, never live
 * bindings of patched functions), nor for bundlers (builtins are external to them).
 * Where there is no `process` (a browser loading a chunk it shares with Node),
 * the bindings are undefined instead of the chunk failing to load.
 * Runs on esbuild's output, whose import statements have one regular shape; one
 * line stays one line, so the source map keeps its lines.
 */
const builtinsFromProcessInEsm: NonNullable<Options['plugins']>[number] = {
  name: 'builtins-from-process-in-esm',
  renderChunk(code) {
    if (this.format !== 'esm') return
    const statement = /^import (?:([\w$]+)(?:, )?)?(?:\{ ([^}]*) \})? from (["'])(?:node:)?([\w/]+)\3;$/gm
    return {
      code: code.replace(statement, (line, name: string | undefined, named: string | undefined, _quote: string, specifier: string) => {
        if (!builtins.has(specifier) || (name === undefined && named === undefined)) return line
        // Guarded: a chunk the browser also loads lazily (node-shared, see
        // scripts/merge-esm-chunks.mjs) may carry Node-only code it never calls.
        const module = `(globalThis.process?.getBuiltinModule?.('node:${specifier}') ?? {})`
        const bindings = named === undefined ? '' : `{ ${named.replace(/ as /g, ': ')} }`
        if (name === undefined) return `const ${bindings} = ${module};`
        return `const ${name} = ${module};${bindings ? ` const ${bindings} = ${name};` : ''}`
      }),
    }
  },
}

/**
 * The ES module build bundles the interceptors that `import 'mocklib/node'` loads
 * (sockets and XMLHttpRequest for DOM environments, each reached by an `import()`
 * when first needed, so each is a chunk of its own)
 * instead of importing them: Node would resolve, read and compile each of their ~25 files one by one,
 * a cost every cold start would pay. The browser entry's imports of the
 * interceptors stay external. Their `debug` dependency becomes a small module of
 * ours (src/kernel/node/interceptors-debug.ts): it is CommonJS and not a dependency
 * of mocklib.
 */
const bundleNodeInterceptorsInEsm: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'bundle-node-interceptors-in-esm',
  setup(build) {
    if (build.initialOptions.define?.TSUP_FORMAT !== '"esm"') return
    const require = createRequire(import.meta.url)
    const nodeSources = new URL('./src/kernel/node/', import.meta.url).pathname
    build.onResolve({ filter: /^@mswjs\/interceptors\/(http|XMLHttpRequest\/web)$/ }, (args) =>
      args.importer.startsWith(nodeSources) ? { path: require.resolve(args.path) } : undefined,
    )
    build.onResolve({ filter: /^debug$/ }, (args) =>
      args.importer.includes('/@mswjs/interceptors/') ? { path: `${nodeSources}interceptors-debug.ts` } : undefined,
    )
  },
}

// A function of the command line's options: `--out-dir` (a test builds into a private folder) must
// receive the wasm file too.
export default defineConfig((cli) => [
  {
    entry: { index: 'src/api/index.ts', node: 'src/api/node.ts', browser: 'src/api/browser.ts', playwright: 'src/api/playwright.ts', server: 'src/api/server.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    target: 'node22',
    platform: 'neutral',
    splitting: true,
    treeshake: true,
    clean: toolFiles.map((file) => `!${file}`),
    sourcemap: true,
    define,
    external: ['graphql', /^node:/],
    noExternal: [bundledInCommonJs],
    esbuildOptions(options, { format }) {
      if (format === 'esm') {
        // esbuild's own `external` applies once tsup's plugin lets a path through; it covers subpaths.
        options.external = [...(options.external ?? []), ...externalInEsm]
        return
      }
      // Resolve bundled packages as Node does (debug's `browser` field would pick its browser build).
      options.platform = 'node'
      options.mainFields = ['module', 'main']
      // Fetch/stream classes from Node when the test environment (Jest + jsdom) lacks them.
      options.inject = [...(options.inject ?? []), 'src/kernel/node/node-globals.ts', 'src/kernel/node/cjs-import-meta.ts']
      options.define = { ...options.define, 'import.meta.url': 'cjsImportMetaUrl' }
      // Maps keep positions only: with the bundled dependencies' sources embedded they
      // tripled the package; those sources are installed next to mocklib anyway.
      options.sourcesContent = false
    },
    plugins: [requireInCommonJs, builtinsFromProcessInEsm],
    esbuildPlugins: [bundleNodeInterceptorsInEsm],
    async onSuccess() {
      const outDir = cli.outDir ?? 'dist'
      // Fewer, larger ES module files: Node's loader pays for each one (see the script).
      await mergeEsmChunks(outDir, { index: 'index.js', node: 'node.js', browser: 'browser.js', playwright: 'playwright.js', server: 'server.js' })
      // The bundled interceptors read `./llhttp/llhttp.wasm` next to the chunk (see cjs-import-meta.ts).
      await mkdir(join(outDir, 'llhttp'), { recursive: true })
      await copyFile(llhttpWasm, join(outDir, 'llhttp', 'llhttp.wasm'))
    },
  },
  {
    // The Service Worker: one plain script, no imports at runtime.
    entry: { 'mocklib-worker': 'src/service-worker/worker.ts' },
    format: ['iife'],
    outExtension: () => ({ js: '.js' }),
    platform: 'browser',
    target: 'es2020',
    dts: false,
    clean: false,
    sourcemap: false,
    define,
  },
  {
    // `mocklib/openapi`: built apart so that nothing of it (nor yaml, nor the validator) joins the
    // other entries' chunks; it reaches the runtime through `mocklib` itself (one copy of the classes).
    entry: { openapi: 'src/openapi/index.ts' },
    format: ['esm', 'cjs'],
    dts: {
      // Types of `mocklib` from the sources (dist/ is being rebuilt alongside); the import stays `from 'mocklib'`.
      compilerOptions: { paths: { mocklib: ['./src/api/index.ts'], 'mocklib/node': ['./src/api/node.ts'] } },
    },
    target: 'node22',
    platform: 'neutral',
    clean: false,
    sourcemap: true,
    define,
    external: ['mocklib', 'mocklib/node', ...Object.keys(dependencies)],
    plugins: [requireInCommonJs],
  },
  {
    // `npx mocklib init <publicDir>`
    entry: { cli: 'src/cli/mocklib.ts' },
    format: ['esm'],
    // `serve` loads the package's own entries, the ones the served handler modules import: one copy of the runtime.
    external: ['mocklib', 'mocklib/server', 'mocklib/openapi'],
    // One file: the lazily loaded parts of the code it bundles (GraphQL request reading) would be chunks nothing ships for.
    splitting: false,
    platform: 'node',
    target: 'node22',
    dts: false,
    clean: false,
    sourcemap: false,
    define,
  },
])
