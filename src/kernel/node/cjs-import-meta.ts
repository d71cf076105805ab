// `import.meta.url` for the CommonJS build (tsup defines `import.meta.url` as
// `cjsImportMetaUrl` and injects this module there). @mswjs/interceptors reads its
// llhttp.wasm next to itself; bundled, "itself" is the dist chunk, and the build
// copies the wasm to dist/llhttp/. Rollup's own replacement would prefer
// `document.baseURI` whenever a `document` exists, which under Jest's jsdom
// environment is `http://localhost/`, not the file.

/**
 * The file URL of the CommonJS chunk this module is bundled into; empty outside
 * Node (the CommonJS build may be bundled for a browser, where this chunk is shared).
 */
export const cjsImportMetaUrl: string =
  typeof __filename === 'string' ? (globalThis.process?.getBuiltinModule?.('node:url').pathToFileURL(__filename).href ?? '') : ''
