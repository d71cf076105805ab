// Regroups the ES module build's chunks so that `import 'mocklib'` and
// `import 'mocklib/node'` read three files instead of eleven.
//
// Why: esbuild splits shared code by which entries (and lazy chunks) reach it,
// which made eleven files for the two imports. Node's ES module loader pays
// about 0.6 ms of CPU per file on its own (resolve, read, compile, link: measured
// with ten one-line modules against one), so the file count was about a fifth
// of what mocklib's own code added to a cold start. Here rollup reads tsup's
// output (with its source maps, so positions still map to src/) and writes it
// again with one core: everything `mocklib` loads, plus what the Node and the
// browser entries both load, all in `index.js` (the `mocklib` entry itself, which
// for that also exports short internal names to the other entries' files: they
// are no API, and the types do not show them). What one entry alone loads stays in its file;
// lazily loaded parts keep chunks of their own, and so does the code the Node
// entry loads up front but the browser only lazily (history, assertions,
// `record()`), the one extra file on Node's path.
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { rolldown } from 'rolldown'
import { rollup } from 'rollup'

/**
 * @param {string} outDir the folder tsup wrote the ES module build to
 * @param {Record<string, string>} entries entry name → file name in outDir (index, node, browser)
 *
 * @example
 * await mergeEsmChunks('dist', { index: 'index.js', node: 'node.js', browser: 'browser.js' })
 */
export async function mergeEsmChunks(outDir, entries) {
  const input = Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, resolve(outDir, file)]))
  const read = new Set()
  const bundle = await rollup({
    input,
    // Packages (graphql, @mswjs/interceptors) stay imports, as in tsup's output.
    external: (id) => !id.startsWith('.') && !isAbsolute(id),
    // tsup already tree-shook; this pass only moves code between files.
    treeshake: false,
    // The core lives in the `mocklib` entry's file, which then exports to the others (see coreChunk).
    preserveEntrySignatures: 'allow-extension',
    plugins: [
      {
        name: 'tsup-output-with-maps',
        load(id) {
          read.add(id)
          const map = existsSync(`${id}.map`) ? JSON.parse(readFileSync(`${id}.map`, 'utf8')) : null
          return { code: readFileSync(id, 'utf8'), map }
        },
      },
      minifiedKeepingPureMarks,
    ],
  })
  const { output } = await bundle.write({
    dir: outDir,
    format: 'es',
    sourcemap: true,
    entryFileNames: '[name].js',
    // tsup's chunk names already carry a hash; only the chunks made here need one.
    chunkFileNames: (chunk) => (chunk.name === 'node-shared' ? '[name]-[hash].js' : '[name].js'),
    manualChunks: coreChunk(input),
  })
  await bundle.close()
  const written = new Set(output.map((file) => resolve(outDir, file.fileName)))
  for (const id of read) {
    if (written.has(id)) continue
    rmSync(id)
    rmSync(`${id}.map`, { force: true })
  }
}

/**
 * Minifies each ES module chunk (whitespace, comments and local names; exported
 * names stay). V8 reads the whole source of a module when it compiles it, even
 * the functions it only pre-parses: minified, `import 'mocklib'` +
 * `'mocklib/node'` cost a cold start about 1.5 ms of CPU less
 * (bench/cold/cpu-compare.mjs). Rolldown's minifier, because it can keep the
 * `@__PURE__` / `@__NO_SIDE_EFFECTS__` marks (esbuild's drops them) that let an
 * app's bundler drop the parts of `index.js` it does not use. Rollup chains the
 * maps, so stack frames map to src/ (`node --enable-source-maps`, bundlers,
 * devtools); function names in raw stack traces are the short ones.
 */
const minifiedKeepingPureMarks = {
  name: 'minified-keeping-pure-marks',
  async renderChunk(code, chunk) {
    // A plain path: rolldown leaves a virtual id (one starting with NUL) out of its map.
    const id = `/mocklib-chunk/${chunk.fileName}`
    const bundle = await rolldown({
      input: id,
      treeshake: false,
      preserveEntrySignatures: 'strict',
      plugins: [
        {
          name: 'this-chunk',
          // Each chunk on its own: what it imports stays an import, written as it was.
          resolveId: (source) => (source === id ? id : { id: source, external: 'absolute' }),
          load: (source) => (source === id ? code : undefined),
        },
      ],
    })
    const { output } = await bundle.generate({
      format: 'es',
      // Rollup writes the map (chained to src/) and its comment.
      sourcemap: 'hidden',
      minify: { compress: false, mangle: true, codegen: { removeWhitespace: true } },
      comments: { annotation: true, legal: false, jsdoc: false },
    })
    await bundle.close()
    // The minifier writes strings as template literals; a lazy chunk's import() goes back to a plain
    // string, the form every bundler follows (same length: the map stays right).
    return { code: output[0].code.replace(/\bimport\(`(\.\/[^`$]+)`\)/g, 'import("$1")'), map: output[0].map }
  },
}

/**
 * Puts in the `mocklib` entry's file (`index`) what `mocklib` loads and what
 * both the Node and the browser entries load: one file less on every path than
 * a `core` chunk of its own. Code the browser only loads lazily (history,
 * assertions, `record()`) stays out of it, even where the Node entry loads it
 * up front: the browser's initial bundle would carry it otherwise.
 */
function coreChunk(input) {
  let chunks
  return (id, { getModuleInfo }) => {
    chunks ??= findCore(input, getModuleInfo)
    return chunks.core.has(id) ? 'index' : chunks.shared.has(id) ? 'node-shared' : undefined
  }
}

function findCore(input, getModuleInfo) {
  const loadedBy = (entry, { lazily = false } = {}) => {
    const seen = new Set()
    const visit = (id) => {
      if (seen.has(id)) return
      const info = getModuleInfo(id)
      if (info === null || info.isExternal) return
      seen.add(id)
      info.importedIds.forEach(visit)
      if (lazily) info.dynamicallyImportedIds.forEach(visit)
    }
    visit(entry)
    return seen
  }
  const core = loadedBy(input.index)
  const browser = loadedBy(input.browser)
  for (const id of loadedBy(input.node)) if (browser.has(id)) core.add(id)
  // What else the Node entry loads up front and another entry also reaches (the browser lazily, playwright)
  // goes into one `node-shared` chunk: one file on Node's path instead of a chunk per combination of entries.
  const others = Object.entries(input).filter(([name]) => name !== 'node' && name !== 'index')
  const reachedElsewhere = new Set(others.flatMap(([, file]) => [...loadedBy(file, { lazily: true })]))
  // What only the Node entry's own lazy chunks (each mechanism, loaded on first use) import from its
  // up-front code stays in node.js, which exports it to them.
  const upFront = loadedBy(input.node)
  const shared = new Set()
  for (const id of upFront) if (!core.has(id) && reachedElsewhere.has(id)) shared.add(id)
  return { core, shared }
}
