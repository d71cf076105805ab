// Regroups the ES module build's chunks so that `import 'mocklib'` and
// `import 'mocklib/node'` read four files instead of eleven.
//
// Why: esbuild splits shared code by which entries (and lazy chunks) reach it,
// which made eleven files for the two imports. Node's ES module loader pays
// about 0.6 ms of CPU per file on its own (resolve, read, compile, link: measured
// with ten one-line modules against one), so the file count was about a fifth
// of what mocklib's own code added to a cold start. Here rollup reads tsup's
// output (with its source maps, so positions still map to src/) and writes it
// again with one `core` chunk: everything `mocklib` loads, plus what the Node and
// the browser entries both load. What one entry alone loads stays in its file;
// lazily loaded parts keep chunks of their own, and so does the code the Node
// entry loads up front but the browser only lazily (history, assertions,
// `record()`), the one extra file on Node's path.
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { transform } from 'esbuild'
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
    preserveEntrySignatures: 'strict',
    plugins: [
      {
        name: 'tsup-output-with-maps',
        load(id) {
          read.add(id)
          const map = existsSync(`${id}.map`) ? JSON.parse(readFileSync(`${id}.map`, 'utf8')) : null
          return { code: readFileSync(id, 'utf8'), map }
        },
      },
      shortLocalNames,
    ],
  })
  const { output } = await bundle.write({
    dir: outDir,
    format: 'es',
    sourcemap: true,
    entryFileNames: '[name].js',
    // tsup's chunk names already carry a hash; only the chunks made here need one.
    chunkFileNames: (chunk) => (chunk.name === 'core' || chunk.name === 'node-shared' ? '[name]-[hash].js' : '[name].js'),
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
 * Shortens local names in each ES module chunk. V8 reads every identifier of a
 * module when it compiles it, even in functions it only pre-parses: with short
 * local names `import 'mocklib'` + `'mocklib/node'` cost a cold start about
 * 0.8 ms of CPU less (bench/cold/cpu-compare.mjs). Whitespace and comments
 * stay: removing them would also remove the `@__PURE__` marks that let an app's
 * bundler drop the parts of `core` it does not use. Rollup chains the maps, so
 * stack frames still map to src/ (`node --enable-source-maps`, bundlers,
 * devtools); exported names stay as they are.
 */
const shortLocalNames = {
  name: 'short-local-names',
  async renderChunk(code, chunk) {
    const result = await transform(code, { format: 'esm', minifyIdentifiers: true, target: 'node22', sourcemap: true, sourcefile: chunk.fileName })
    return { code: result.code, map: result.map }
  },
}

/**
 * Puts in `core` what `mocklib` loads and what both the Node and the browser
 * entries load. Code the browser only loads lazily (history, assertions,
 * `record()`) stays out of it, even where the Node entry loads it up front: the
 * browser's initial bundle would carry it otherwise.
 */
function coreChunk(input) {
  let chunks
  return (id, { getModuleInfo }) => {
    chunks ??= findCore(input, getModuleInfo)
    return chunks.core.has(id) ? 'core' : chunks.shared.has(id) ? 'node-shared' : undefined
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
  // So does what the Node entry's own lazy chunks (each mechanism, loaded on first use) import from its up-front code:
  // an entry cannot export to them (strict signatures), and rollup would split the entry behind a facade file.
  const upFront = loadedBy(input.node)
  for (const id of upFront) {
    for (const lazy of getModuleInfo(id).dynamicallyImportedIds) if (!upFront.has(lazy)) loadedBy(lazy).forEach((reached) => reachedElsewhere.add(reached))
  }
  const shared = new Set()
  for (const id of upFront) if (!core.has(id) && reachedElsewhere.has(id)) shared.add(id)
  return { core, shared }
}
