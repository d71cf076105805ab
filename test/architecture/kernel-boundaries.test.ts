// The kernel's boundaries, types included (layers.test.ts checks the runtime
// graph that madge sees, which skips `import type`): a flow says what becomes of
// one kind of exchange, a source says where exchanges come from, and the
// builders of src/dsl sit above both. In kernel/node each interception
// mechanism has a folder of its own and knows only the shared root.
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { localImports } from './module-specifiers.js'
import { src } from './static-graph.js'

const files = (readdirSync(src, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts')).map((file) => file.split('\\').join('/'))
const importsOf = new Map(files.map((file) => [file, localImports(file)]))
const edges = [...importsOf].flatMap(([file, targets]) => targets.map((target) => ({ file, target })))

const isFlow = (file: string) => /^kernel\/[^/]+-flow\.ts$/.test(file)
// Every way in lives in a subfolder of the kernel (node, browser, playwright, web-runtimes).
const isSource = (file: string) => /^kernel\/[^/]+\//.test(file)

const NODE = 'kernel/node/'
/** The mechanism folder of a kernel/node file, or undefined for the shared root. */
const mechanismOf = (file: string) => (file.startsWith(NODE) && file.slice(NODE.length).includes('/') ? file.slice(NODE.length).split('/')[0] : undefined)

// Crossings between mechanism folders that are part of the design; any other is a mistake.
const ALLOWED_CROSSINGS = [
  // The fast path answers a WebSocket handshake made with fetch by handing it to the WebSocket source.
  'kernel/node/fetch/fetch-adapter.ts → kernel/node/websocket/websocket-source.ts',
  // The fast path hands undici a mocked redirect or compressed body through the dispatcher source (type only).
  'kernel/node/fetch/fetch-adapter.ts → kernel/node/undici/undici-dispatcher.ts',
  // The mock server (mocklib/server) answers a WebSocket upgrade with the `ws` clients' bridged upgrade exchange.
  'kernel/node/served/served-upgrade.ts → kernel/node/websocket/websocket-upgrade-bridge.ts',
]

describe('kernel boundaries (types included)', () => {
  it('reads the whole tree', () => {
    expect(files).toEqual(expect.arrayContaining(['kernel/http-flow.ts', 'kernel/websocket-flow.ts', 'kernel/node/intercept-node.ts']))
    expect(importsOf.get('kernel/node/index.ts')).toContain('kernel/node/intercept-node.ts')
    expect(new Set(files.map(mechanismOf))).toEqual(new Set([undefined, 'fetch', 'undici', 'client-request', 'socket', 'xhr', 'websocket', 'served']))
  })

  it('flows name no source', () => {
    expect(edges.filter(({ file, target }) => isFlow(file) && isSource(target)).map(({ file, target }) => `${file} → ${target}`)).toEqual([])
  })

  it('nothing in the kernel names src/dsl, sources included', () => {
    expect(edges.filter(({ file, target }) => file.startsWith('kernel/') && target.startsWith('dsl/')).map(({ file, target }) => `${file} → ${target}`)).toEqual([])
  })

  it('a kernel/node mechanism folder names no other mechanism folder, but for the listed crossings', () => {
    const crossings = edges
      .filter(({ file, target }) => mechanismOf(file) !== undefined && mechanismOf(target) !== undefined && mechanismOf(file) !== mechanismOf(target))
      .map(({ file, target }) => `${file} → ${target}`)
    expect(crossings.sort()).toEqual([...ALLOWED_CROSSINGS].sort())
  })

  it("kernel/node's shared root reaches into the mechanism folders only from its compositions (index.ts, intercept-node.ts, interceptor-sources.ts)", () => {
    // interceptor-sources.ts composes the mechanisms SetupServerApi's interceptors name.
    const compositions = new Set(['kernel/node/index.ts', 'kernel/node/intercept-node.ts', 'kernel/node/interceptor-sources.ts'])
    const reaching = edges.filter(({ file, target }) => file.startsWith(NODE) && mechanismOf(file) === undefined && !compositions.has(file) && mechanismOf(target) !== undefined)
    expect(reaching.map(({ file, target }) => `${file} → ${target}`)).toEqual([])
  })

  it('outside kernel/node, only the Bun and Deno sources reach into a mechanism folder (the rest goes through kernel/node/index.ts)', () => {
    const outside = edges.filter(({ file, target }) => !file.startsWith(NODE) && mechanismOf(target) !== undefined).map(({ file, target }) => `${file} → ${target}`)
    expect(outside.sort()).toEqual(
      [
        // Bun and Deno: their fetch is answered like the fast path's, and node:http through the ClientRequest layer.
        'kernel/web-runtimes/web-fetch-exchange.ts → kernel/node/fetch/fetch-response.ts',
        'kernel/web-runtimes/intercept-web-runtime.ts → kernel/node/client-request/client-request-adapter.ts',
        // mocklib/server enters its source through the folder's own index: through kernel/node/index.ts, the
        // bundler's split moved the Node entry's interception code into the chunk the browser loads lazily.
        'api/server/create-mock-server.ts → kernel/node/served/index.ts',
        'api/server/journal.ts → kernel/node/served/index.ts',
        'api/server/served-request.ts → kernel/node/served/index.ts',
      ].sort(),
    )
  })
})
