// The "application" the Playwright tests load: a real 127.0.0.1 HTTP server
// (pages, a script, an image, a real JSON API) and a real WebSocket echo server.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'

export interface AppServer {
  readonly origin: string
  /** `ws://` origin of the echo server (answers `echo:<message>`). */
  readonly wsOrigin: string
  /** Paths of the requests that reached this server, in order. */
  readonly hits: string[]
  close(): Promise<void>
}

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')

const page = (body: string): string => `<!doctype html><html><head><title>app</title></head><body>${body}</body></html>`

function serve(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://localhost')
  const path = url.pathname
  if (path === '/favicon.ico') return void response.writeHead(204).end()
  if (path === '/' || path.startsWith('/posts/')) {
    response.setHeader('content-type', 'text/html')
    return void response.end(page('<h1 id="title">loading</h1><script src="/app.js"></script>'))
  }
  if (path === '/blank') {
    response.setHeader('content-type', 'text/html')
    return void response.end(page('<p>blank</p>'))
  }
  if (path === '/app.js') {
    response.setHeader('content-type', 'text/javascript')
    // The post id comes from the page's path: /posts/7 fetches /api/posts/7.
    return void response.end(`
      const id = location.pathname.split('/')[2]
      if (id) fetch('/api/posts/' + id).then((r) => r.json()).then((post) => { document.querySelector('#title').textContent = post.title })
    `)
  }
  if (path === '/pixel.png') {
    response.setHeader('content-type', 'image/png')
    return void response.end(PNG_1X1)
  }
  if (path.startsWith('/real/')) {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk))
    request.on('end', () => {
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ source: 'network', method: request.method, path, body, cookie: request.headers.cookie ?? null }))
    })
    return
  }
  response.statusCode = 404
  response.end('not found')
}

/**
 * Starts the application server on 127.0.0.1 (a random port).
 *
 * @example
 * const app = await startAppServer()
 * await page.goto(app.origin + '/posts/1')
 */
export async function startAppServer(): Promise<AppServer> {
  const hits: string[] = []
  const server = createServer((request, response) => {
    hits.push(`${request.method} ${new URL(request.url ?? '/', 'http://localhost').pathname}`)
    serve(request, response)
  })
  const sockets = new WebSocketServer({ server })
  sockets.on('connection', (socket) => socket.on('message', (data, binary) => socket.send(binary ? data : `echo:${data.toString()}`)))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    wsOrigin: `ws://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate()
        sockets.close()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
