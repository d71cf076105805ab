import type { IncomingMessage, ServerResponse } from 'node:http'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { Plugin } from 'vite'

const workerEntry = fileURLToPath(new URL('../../src/service-worker/worker.ts', import.meta.url))

/** What a test can learn about a request that reached the dev server. */
export interface RealHit {
  readonly method: string
  readonly path: string
}

/**
 * A Vite plugin for Vitest browser mode that serves, at the page's origin:
 *
 * - `/mocklib-worker.js`: the Service Worker script, bundled from the sources with
 *   the same `__MOCKLIB_VERSION__` the page is built with (a mismatch is refused by
 *   `start()`). An application serves `npx mocklib init public/`'s copy instead.
 * - `/real/*`: a real endpoint (it echoes method, path and body as JSON) that a
 *   passthrough reaches on the network, so a test can tell "mocked" from "real".
 * - `/real-hits`: the requests `/real/*` received, so a test can check that a
 *   mocked request never reached the network.
 *
 * @example
 * // vitest.browser-mode.config.ts
 * export default defineConfig({ plugins: [mocklibWorkerScript({ version: '0.0.0-test' })], test: { browser: { ... } } })
 */
export function mocklibWorkerScript(options: { version: string }): Plugin {
  let script: Promise<string> | undefined
  const hits: RealHit[] = []
  const bundleWorker = async (): Promise<string> => {
    const result = await build({
      entryPoints: [workerEntry],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      target: 'es2020',
      define: { __MOCKLIB_VERSION__: JSON.stringify(options.version) },
      logLevel: 'silent',
    })
    return result.outputFiles[0]!.text
  }
  return {
    name: 'mocklib-worker-script',
    configureServer(server) {
      server.middlewares.use((request: IncomingMessage, response: ServerResponse, next: () => void) => {
        const url = new URL(request.url ?? '/', 'http://localhost')
        if (url.pathname === '/mocklib-worker.js') {
          ;(script ??= bundleWorker()).then(
            (text) => {
              response.setHeader('content-type', 'text/javascript')
              response.setHeader('cache-control', 'no-store')
              response.end(text)
            },
            (error: unknown) => {
              script = undefined
              response.statusCode = 500
              response.end(String(error))
            },
          )
          return
        }
        if (url.pathname === '/real-hits') {
          response.setHeader('content-type', 'application/json')
          response.setHeader('cache-control', 'no-store')
          response.end(JSON.stringify(hits.splice(0)))
          return
        }
        if (url.pathname.startsWith('/real/')) {
          hits.push({ method: request.method ?? 'GET', path: url.pathname })
          let body = ''
          request.on('data', (chunk: Buffer) => (body += chunk))
          request.on('end', () => {
            response.setHeader('content-type', 'application/json')
            response.setHeader('cache-control', 'no-store')
            response.setHeader('x-real', 'yes')
            response.end(JSON.stringify({ source: 'network', method: request.method, path: url.pathname, body }))
          })
          return
        }
        next()
      })
    },
  }
}
