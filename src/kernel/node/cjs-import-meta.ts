// `import.meta.url` for the CommonJS build (tsup injects it): @mswjs/interceptors reads its llhttp.wasm
// next to itself, the dist chunk. Rollup's own replacement prefers `document.baseURI` whenever a
// `document` exists, which under Jest's jsdom is `http://localhost/`, not the file.
import { message } from '../errors.js'

const getBuiltinModule = globalThis.process?.getBuiltinModule
const nodeVersion = globalThis.process?.versions?.node

// Say so at import rather than fail later inside a dependency.
if (typeof __filename === 'string' && typeof nodeVersion === 'string' && typeof getBuiltinModule !== 'function') {
  throw new Error(message(`mocklib needs Node.js 22.12 or newer; this is Node.js ${nodeVersion}.`, 'Upgrade Node.js (for example `nvm install 22`).'))
}

/** Empty outside Node: the CommonJS build may be bundled for a browser, where this chunk is shared. */
export const cjsImportMetaUrl: string =
  typeof __filename === 'string' && getBuiltinModule ? getBuiltinModule('node:url').pathToFileURL(__filename).href : ''
