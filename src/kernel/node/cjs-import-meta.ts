// `import.meta.url` for the CommonJS build (tsup defines `import.meta.url` as
// `cjsImportMetaUrl` and injects this module there). @mswjs/interceptors reads its
// llhttp.wasm next to itself; bundled, "itself" is the dist chunk, and the build
// copies the wasm to dist/llhttp/. Rollup's own replacement would prefer
// `document.baseURI` whenever a `document` exists, which under Jest's jsdom
// environment is `http://localhost/`, not the file.
import { message } from '../errors.js'

const getBuiltinModule = globalThis.process?.getBuiltinModule
const nodeVersion = globalThis.process?.versions?.node

// The one way left for `require('mocklib/node')` to fail: a Node.js older than the
// supported one. Say so at import rather than fail later inside a dependency.
if (typeof __filename === 'string' && typeof nodeVersion === 'string' && typeof getBuiltinModule !== 'function') {
  throw new Error(message(`mocklib needs Node.js 22.12 or newer; this is Node.js ${nodeVersion}.`, 'Upgrade Node.js (for example `nvm install 22`).'))
}

/**
 * The file URL of the CommonJS chunk this module is bundled into; empty outside
 * Node (the CommonJS build may be bundled for a browser, where this chunk is shared).
 */
export const cjsImportMetaUrl: string =
  typeof __filename === 'string' && getBuiltinModule ? getBuiltinModule('node:url').pathToFileURL(__filename).href : ''
