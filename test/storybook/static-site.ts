// A plain static file server on 127.0.0.1 for a built Storybook: it knows no
// /api route, so a story's /api request that reached it would show in `misses`.
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
}

/** A running static server. */
export interface StaticSite {
  readonly origin: string
  /** Paths asked for that are not files of the site, in order. */
  readonly misses: string[]
  close(): Promise<void>
}

/**
 * Serves `root` at `http://127.0.0.1:<port>/`.
 *
 * @example
 * const site = await serveDirectory('/tmp/storybook-static')
 * await page.goto(`${site.origin}/iframe.html?id=usercard--ada`)
 */
export async function serveDirectory(root: string): Promise<StaticSite> {
  const misses: string[] = []
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
    const file = join(root, normalize(path === '/' ? '/index.html' : path))
    const found = file.startsWith(root) && (await stat(file).catch(() => undefined))?.isFile()
    if (!found) {
      misses.push(path)
      response.statusCode = 404
      response.end('not found')
      return
    }
    response.setHeader('content-type', CONTENT_TYPES[extname(file)] ?? 'application/octet-stream')
    createReadStream(file).pipe(response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    misses,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
