import { readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { fileURLToPath } from 'node:url'
import { build, type Metafile, type Plugin } from 'esbuild'
import { describe, expect, it } from 'vitest'
import type { ContractViolation } from '../../src/openapi/index.js'
import { browserSuite, TEST_VERSION, type Route } from './harness.js'
import type { OpenApiPageApi } from './pages/openapi-app.js'

// worker.start({ contract }) in Chromium, in both interception modes, on a Petstore 3.0 (YAML) and 3.1 (JSON)
// document: the check runs in the page (where the handlers run), mocked answers are checked before the page
// gets them, and real answers of passed-through requests under checkPassthrough. Under a
// Content-Security-Policy without 'unsafe-eval' the interpreter validates and ajv is never downloaded.

declare global {
  interface Window {
    openapi: OpenApiPageApi
  }
}

const root = fileURLToPath(new URL('../../', import.meta.url))
const fixture = (name: string) => readFileSync(`${root}test/openapi/fixtures/${name}`, 'utf8')

/** The 3.0 fixture as one YAML text (a page has no files): its relative `$ref` to common.yaml's Error made internal. */
const PETSTORE_30_YAML =
  fixture('petstore-3.0.yaml').replaceAll('./common.yaml#/components/schemas/Error', '#/components/schemas/Error').trimEnd() +
  '\n    Error:\n      type: object\n      required: [code, message]\n      properties:\n        code: { type: integer, format: int32 }\n        message: { type: string }\n'
const PETSTORE_31 = JSON.parse(fixture('petstore-3.1.json')) as object

const DOCUMENTS = [
  ['OpenAPI 3.0 (YAML text)', PETSTORE_30_YAML, '/v1'],
  ['OpenAPI 3.1 (object)', PETSTORE_31, '/v2'],
] as const

const CSP = "script-src 'self'"

/** The test page bundled as an application's bundler would (esbuild, code splitting), with what went where. */
async function buildSplitPage(): Promise<{ files: Map<string, string>; metafile: Metafile }> {
  const result = await build({
    entryPoints: { app: `${root}test/browser/pages/openapi-app.ts` },
    bundle: true,
    write: false,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    outdir: `${root}.openapi-page`,
    chunkNames: 'chunk-[hash]',
    metafile: true,
    alias: { mocklib: `${root}src/api/index.ts`, 'mocklib/browser': `${root}src/api/browser.ts`, 'mocklib/openapi': `${root}src/openapi/index.ts` },
    define: { __MOCKLIB_VERSION__: JSON.stringify(TEST_VERSION) },
    logLevel: 'silent',
  })
  const files = new Map(result.outputFiles.map((file) => [`/${file.path.slice(`${root}.openapi-page/`.length)}`, file.text]))
  return { files, metafile: result.metafile }
}

const script =
  (text: string): Route =>
  (_request, response) => {
    response.setHeader('content-type', 'text/javascript')
    response.setHeader('cache-control', 'no-store')
    response.end(text)
  }

const json =
  (body: unknown): Route =>
  (_request, response) => {
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify(body))
  }

// Chunks are served as routes (not files): the server then lists which were downloaded.
const routes: Record<string, Route> = {
  // The real API, drifted from its document: an id that is text, a name that is a number.
  '/v1/pets/7': json({ id: 'seven', name: 7 }),
  '/v2/pets/7': json({ id: 'seven', name: 7 }),
  '/csp': (_request, response) => {
    response.setHeader('content-type', 'text/html')
    response.setHeader('content-security-policy', CSP)
    response.end('<!doctype html><html><head><title>csp</title><script type="module" src="/app.js"></script></head><body></body></html>')
  },
}
/** The output files (as served paths) that hold ajv. */
const ajvChunks: string[] = []

const suite = browserSuite(async () => {
  const { files, metafile } = await buildSplitPage()
  for (const [path, text] of files) if (path !== '/app.js') routes[path] = script(text)
  for (const [output, { inputs }] of Object.entries(metafile.outputs)) {
    if (Object.keys(inputs).some((input) => input.includes('node_modules/ajv/'))) ajvChunks.push(`/${output.split('/').pop()!}`)
  }
  return { '/app.js': files.get('/app.js')! }
}, routes)

interface Outcome {
  mode: string
  valid: unknown
  drifted: string
  unhandled: string
  mockedViolations: Array<[string, string | undefined, string, boolean | undefined]>
  assertion: string
  real: unknown
  networkViolations: Array<[string, string | undefined, string, boolean | undefined]>
  warned: unknown
  callbackRealm: string[]
}

/** One page's run: 'error' (mocked and passed-through answers), then 'warn', then a callback. */
function runContract(interception: 'service-worker' | 'in-page', document: string | object, basePath: string): Promise<Outcome> {
  return suite.page.evaluate(
    async ({ interception, document, basePath }) => {
      const { setupWorker, http, HttpResponse, passthrough } = window.mocklib
      const { contract } = window.openapi
      const base = location.origin + basePath
      const summary = (violations: readonly unknown[]) =>
        (violations as ContractViolation[]).map((violation) => [violation.part, violation.pointer, violation.rule, violation.fromNetwork] as [string, string | undefined, string, boolean | undefined]).sort()
      const until = async (ready: () => boolean) => {
        for (let tries = 0; !ready() && tries < 200; tries++) await new Promise((resolve) => setTimeout(resolve, 10))
      }
      window.worker = setupWorker(
        http.get(`${base}/pets/:petId`, ({ params }) => {
          if (params.petId === '7') return passthrough()
          // A drifted mock for pet 2; one that keeps the contract for the others.
          return params.petId === '2' ? HttpResponse.json({ id: 'two', name: 2 }) : HttpResponse.json({ id: Number(params.petId), name: 'Rex' })
        }),
      )
      const strict = await contract(document, { baseUrl: base, onViolation: 'error', checkPassthrough: true })
      const { mode } = await window.worker.start({ quiet: true, interception, onUnhandledRequest: 'error', contract: strict })
      const valid = await (await fetch(`${base}/pets/1`)).json()
      const rejection = (url: string) =>
        fetch(url).then(
          () => 'delivered',
          (error: Error) => `rejected ${error.name}`,
        )
      const drifted = await rejection(`${base}/pets/2`)
      // The fetch fails as that of a request no handler answers under onUnhandledRequest: 'error' does.
      const unhandled = await rejection(`${base}/owners`)
      const mockedViolations = summary(window.worker.contractViolations())
      let assertion = 'did not throw'
      try {
        window.worker.assertContract()
      } catch (error) {
        assertion = (error as Error).message
      }
      const real = await (await fetch(`${base}/pets/7`)).json()
      await until(() => window.worker.contractViolations().length > mockedViolations.length)
      const networkViolations = summary(window.worker.contractViolations().slice(mockedViolations.length))
      await window.worker.stop()

      await window.worker.start({ quiet: true, interception, contract: await contract(document, { baseUrl: base, onViolation: 'warn' }) })
      const warned = await (await fetch(`${base}/pets/2`)).json()
      await window.worker.stop()

      // The callback is a function of the page: it is called in the page's realm, where the handlers run.
      const callbackRealm: string[] = []
      const onViolation = (violation: ContractViolation) => callbackRealm.push(`${typeof window.document} ${violation.pointer}`)
      await window.worker.start({ quiet: true, interception, contract: await contract(document, { baseUrl: base, onViolation }) })
      await fetch(`${base}/pets/2`).then((response) => response.text())
      await window.worker.stop()
      return { mode, valid, drifted, unhandled, mockedViolations, assertion, real, networkViolations, warned, callbackRealm: callbackRealm.sort() }
    },
    { interception, document, basePath },
  )
}

describe.each(['service-worker', 'in-page'] as const)('worker.start({ contract }) in %s mode', (interception) => {
  it.each(DOCUMENTS)('%s: a drifted mock fails the fetch, a valid one passes, passed-through answers are checked, warn delivers', async (_name, document, basePath) => {
    const outcome = await runContract(interception, document, basePath)
    expect(outcome.mode).toBe(interception)
    expect(outcome.valid).toEqual({ id: 1, name: 'Rex' })
    expect(outcome.drifted).toMatch(/^rejected /)
    // As msw: a TypeError through the Service Worker; in-page, the interceptor rejects with the reason itself.
    expect(outcome.drifted).toBe(interception === 'service-worker' ? 'rejected TypeError' : 'rejected Error')
    expect(outcome.drifted).toBe(outcome.unhandled)
    expect(outcome.mockedViolations).toEqual([
      ['body', '/id', 'type', undefined],
      ['body', '/name', 'type', undefined],
    ])
    expect(outcome.assertion).toContain('2 contract violations:')
    expect(outcome.assertion).toContain(`GET ${suite.server.origin}${basePath}/pets/2 (showPetById): response body at /`)
    // The real answer is delivered as the network sent it, and its violations are kept.
    expect(outcome.real).toEqual({ id: 'seven', name: 7 })
    expect(outcome.networkViolations).toEqual([
      ['body', '/id', 'type', true],
      ['body', '/name', 'type', true],
    ])
    expect(suite.browser.console.some((line) => line.startsWith('error:') && line.includes("The network's answer breaks the OpenAPI contract"))).toBe(true)
    expect(outcome.warned).toEqual({ id: 'two', name: 2 })
    const warnings = suite.browser.console.filter((line) => line.startsWith('warning:') && line.includes('The exchange breaks the OpenAPI contract'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain(`GET ${suite.server.origin}${basePath}/pets/2 (showPetById): response body at /id`)
    expect(outcome.callbackRealm).toEqual(['object /id', 'object /name'])
  })

  it("a refused answer is said with console.error in the page and fails the fetch, as an unhandled request under onUnhandledRequest: 'error' does", async () => {
    const outcome = await suite.page.evaluate(
      async ({ interception, document }) => {
        const { setupWorker, http, HttpResponse } = window.mocklib
        const base = `${location.origin}/v2`
        window.worker = setupWorker(http.get(`${base}/pets/:petId`, () => HttpResponse.json({ id: 'two', name: 2 })))
        const strict = await window.openapi.contract(document, { baseUrl: base, onViolation: 'error' })
        await window.worker.start({ quiet: true, interception, onUnhandledRequest: 'error', contract: strict })
        const failure = (url: string) =>
          fetch(url).then(
            () => 'delivered',
            (error: Error) => error.name,
          )
        return { drifted: await failure(`${base}/pets/2`), unhandled: await failure(`${base}/owners`) }
      },
      { interception, document: PETSTORE_31 },
    )
    // Through the Service Worker both are network errors that carry no reason (Fetch's TypeError); in-page both reject with the reason itself.
    expect(outcome).toEqual(interception === 'service-worker' ? { drifted: 'TypeError', unhandled: 'TypeError' } : { drifted: 'Error', unhandled: 'Error' })
    const errors = suite.browser.console.filter((line) => line.startsWith('error: [mocklib]'))
    const refused = errors.filter((line) => line.includes('The exchange breaks the OpenAPI contract'))
    expect(refused).toHaveLength(1)
    expect(refused[0]).toContain(`GET ${suite.server.origin}/v2/pets/2 (showPetById): response body at /id`)
    expect(refused[0]).toContain('response body at /name')
    expect(errors.filter((line) => line.includes('without a matching request handler') && line.includes(`GET ${suite.server.origin}/v2/owners`))).toHaveLength(1)
    expect(suite.server.hits.filter((hit) => hit.startsWith('GET /v2/'))).toEqual([])
  })
})

describe("under a Content-Security-Policy without 'unsafe-eval'", () => {
  const checkOn = () =>
    suite.page.evaluate(
      async ({ document }) => {
        const { setupWorker, http, HttpResponse } = window.mocklib
        // Probed by the page's own script as it loaded (code run by page.evaluate is not held to the policy).
        const evalAllowed = window.document.documentElement.dataset.codeGeneration === 'true'
        const base = `${location.origin}/v2`
        // Out of page.evaluate's own task first: Chromium lets code run by page.evaluate (and its microtasks)
        // build functions whatever the policy says, so contract() must be called as the page's own code is.
        await new Promise((resolve) => setTimeout(resolve, 0))
        window.worker = setupWorker(http.get(`${base}/pets/:petId`, ({ params }) => HttpResponse.json(params.petId === '2' ? { id: 'two', name: 2 } : { id: 1, name: 'Rex' })))
        const { mode } = await window.worker.start({ quiet: true, contract: await window.openapi.contract(document, { baseUrl: base }) })
        const valid = await fetch(`${base}/pets/1`).then(
          (response) => response.json(),
          (error: Error) => `rejected ${error.name}`,
        )
        const drifted = await fetch(`${base}/pets/2`).then(
          () => 'delivered',
          (error: Error) => `rejected ${error.name}`,
        )
        const messages = window.worker.contractViolations().map((violation) => violation.message)
        await window.worker.stop()
        return { evalAllowed, mode, valid, drifted, messages, path: location.pathname }
      },
      { document: PETSTORE_31 },
    )

  it('validates with the interpreter (same messages) and never downloads ajv; the page without the policy does (the control)', async () => {
    expect(ajvChunks.length).toBeGreaterThan(0)
    const downloadedAjv = () => suite.server.hits.filter((hit) => ajvChunks.some((chunk) => hit === `GET ${chunk}`))

    const open = await checkOn()
    expect(open).toMatchObject({ evalAllowed: true, mode: 'service-worker', valid: { id: 1, name: 'Rex' }, drifted: 'rejected TypeError' })
    expect(downloadedAjv()).not.toEqual([])

    suite.server.hits.length = 0
    await suite.page.goto(`${suite.server.origin}/csp`)
    await suite.page.waitForFunction(() => document.documentElement.dataset.ready === 'true')
    const strict = await checkOn()
    expect(strict).toMatchObject({ evalAllowed: false, mode: 'service-worker', path: '/csp', valid: { id: 1, name: 'Rex' }, drifted: 'rejected TypeError' })
    expect(strict.messages).toEqual(open.messages)
    expect(strict.messages).toHaveLength(2)
    expect(suite.server.hits).toContain('GET /csp')
    expect(downloadedAjv()).toEqual([])
  })

  it('contract() made where the probe passes (page.evaluate), checked where the policy applies: the interpreter takes over after one refusal', async () => {
    await suite.page.goto(`${suite.server.origin}/csp`)
    await suite.page.waitForFunction(() => document.documentElement.dataset.ready === 'true')
    const outcome = await suite.page.evaluate(
      async ({ document }) => {
        const { setupWorker, http, HttpResponse } = window.mocklib
        const refusals: string[] = []
        window.document.addEventListener('securitypolicyviolation', (event) => refusals.push(event.blockedURI))
        const base = `${location.origin}/v2`
        // Made in page.evaluate's own task: the probe of new Function passes, so ajv is chosen.
        const api = await window.openapi.contract(document, { baseUrl: base })
        window.worker = setupWorker(http.get(`${base}/pets/:petId`, ({ params }) => HttpResponse.json(params.petId === '2' ? { id: 'two', name: 2 } : { id: 1, name: 'Rex' })))
        const { mode } = await window.worker.start({ quiet: true, contract: api })
        // The checks run in the page's own tasks (the worker's messages), where the policy refuses code generation.
        const valid = await fetch(`${base}/pets/1`).then(
          (response) => response.json(),
          (error: Error) => `rejected ${error.name}`,
        )
        const drifted = await fetch(`${base}/pets/2`).then(
          () => 'delivered',
          (error: Error) => `rejected ${error.name}`,
        )
        const again = await fetch(`${base}/pets/3`).then((response) => response.json())
        const messages = window.worker.contractViolations().map((violation) => violation.message)
        await window.worker.stop()
        return { mode, valid, drifted, again, messages, refusals }
      },
      { document: PETSTORE_31 },
    )
    expect(outcome).toMatchObject({ mode: 'service-worker', valid: { id: 1, name: 'Rex' }, drifted: 'rejected TypeError', again: { id: 1, name: 'Rex' } })
    expect(outcome.messages).toHaveLength(2)
    expect(outcome.messages.join('\n')).toContain('response body at /id')
    // One refusal (the first compile), then no more attempts: a CSP report per schema or request would be noise.
    expect(outcome.refusals).toEqual(['eval'])
  })
})

describe('mocklib/openapi in a browser bundle', () => {
  it('reaches no Node-only import (esbuild, platform browser)', async () => {
    const found: string[] = []
    const nodeBuiltins = new Set(builtinModules)
    const detect: Plugin = {
      name: 'detect-node-imports',
      setup(builder) {
        builder.onResolve({ filter: /.*/ }, ({ path, importer }) => {
          if (!path.startsWith('node:') && !nodeBuiltins.has(path)) return undefined
          found.push(`${path} (imported by ${importer.replace(root, '')})`)
          return { path, external: true }
        })
      },
    }
    await build({
      stdin: { contents: "export * from 'mocklib/openapi'", resolveDir: root, sourcefile: 'entry.ts', loader: 'ts' },
      absWorkingDir: root,
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      splitting: true,
      outdir: 'out',
      alias: { mocklib: './src/api/index.ts', 'mocklib/openapi': './src/openapi/index.ts' },
      plugins: [detect],
      logLevel: 'silent',
    })
    expect(found).toEqual([])
  })

  it('a document given as a file path fails in the page with what to do instead', async () => {
    const reason = await suite.page.evaluate(() =>
      window.openapi.contract('./petstore.yaml').then(
        () => 'resolved',
        (error: Error) => error.message,
      ),
    )
    expect(reason).toContain('Cannot read "./petstore.yaml": reading files needs Node. Pass the document as an object or as JSON/YAML text instead.')
  })
})
