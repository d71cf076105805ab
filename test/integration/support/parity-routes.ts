/**
 * One set of HTTP answers written as Fetch Responses, served two ways: by
 * mocklib handlers (the request never leaves the process) and by a real
 * 127.0.0.1 server (the same Response written to the socket). Whatever a
 * client observes must be the same either way.
 */
import { createServer, type Server } from 'node:http'
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'

/** Observes when a streamed answer was cancelled by the client. */
export const streamLog = { cancelled: 0 }

const encoder = new TextEncoder()

function redirect(status: number, location: string): Response {
  return new Response(null, { status, headers: { location } })
}

/** The answer to `request`; `other` is the origin of the second server (cross-origin redirects). */
export async function answer(request: Request, other: string): Promise<Response> {
  const url = new URL(request.url)
  const path = url.pathname
  if (path === '/text') return new Response('hello', { headers: { 'content-type': 'text/plain' } })
  if (path === '/not-found') return new Response('nope', { status: 404 })
  if (path === '/custom-status') return new Response('ok', { status: 200, statusText: 'Fine Indeed' })
  if (path === '/gzip') return new Response(gzipSync('zipped text'), { headers: { 'content-encoding': 'gzip' } })
  if (path === '/deflate') return new Response(deflateSync('deflated text'), { headers: { 'content-encoding': 'deflate' } })
  if (path === '/br') return new Response(brotliCompressSync('brotli text'), { headers: { 'content-encoding': 'br' } })
  if (path === '/gzip-br') return new Response(brotliCompressSync(gzipSync('twice')), { headers: { 'content-encoding': 'gzip, br' } })
  if (path.startsWith('/hops/')) {
    const left = Number(path.slice('/hops/'.length))
    return left === 0 ? new Response(`arrived ${request.method}`) : redirect(302, `/hops/${left - 1}`)
  }
  if (path === '/see-other') return redirect(303, '/echo')
  if (path === '/temporary') return redirect(307, '/echo')
  if (path === '/moved-post') return redirect(301, '/echo')
  if (path === '/cross') return redirect(302, `${other}/echo`)
  if (path === '/to-data') return redirect(302, 'data:text/plain,hi')
  if (path === '/cookies') {
    const headers = new Headers({ 'content-type': 'text/plain' })
    headers.append('set-cookie', 'a=1; Path=/')
    headers.append('set-cookie', 'b=2; HttpOnly')
    return new Response('cookies', { headers })
  }
  if (path === '/no-content') return new Response(null, { status: 204 })
  if (path === '/not-modified') return new Response(null, { status: 304 })
  if (path === '/stream') {
    let sent = 0
    return new Response(
      new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (sent > 0) await new Promise((resolve) => setTimeout(resolve, 20))
          if (sent === 5) return controller.close()
          controller.enqueue(encoder.encode(`chunk${sent++};`))
        },
        cancel() {
          streamLog.cancelled++
        },
      }),
      { headers: { 'content-type': 'text/plain' } },
    )
  }
  if (path === '/slow') {
    await new Promise((resolve) => setTimeout(resolve, 300))
    return new Response('late')
  }
  if (path === '/echo') {
    const seen = {
      method: request.method,
      contentType: normalizeBoundary(request.headers.get('content-type') ?? ''),
      body: normalizeBoundary(await request.text()),
      cookie: request.headers.get('cookie'),
      authorization: request.headers.get('authorization'),
      proxyAuthorization: request.headers.get('proxy-authorization'),
      custom: request.headers.get('x-custom'),
    }
    return Response.json(seen)
  }
  return new Response('no route', { status: 500 })
}

function normalizeBoundary(text: string): string {
  // undici's multipart boundary is random: `----formdata-undici-0` and digits.
  return text.replace(/-{2,}formdata-undici-\d+/g, '--BOUNDARY').replace(/boundary=[^\s;]+/g, 'boundary=BOUNDARY')
}

/** A real server answering with `answer`; resolves with its origin and a close function. */
export async function startRealServer(other: () => string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = []
    for await (const chunk of incoming) chunks.push(chunk as Buffer)
    const headers = new Headers()
    for (let index = 0; index < incoming.rawHeaders.length; index += 2) headers.append(incoming.rawHeaders[index]!, incoming.rawHeaders[index + 1]!)
    const origin = `http://${incoming.headers.host}`
    const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD'
    const request = new Request(new URL(incoming.url ?? '/', origin), { method: incoming.method, headers, body: hasBody ? Buffer.concat(chunks) : null })
    const response = await answer(request, other())
    const raw: string[] = []
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') raw.push(name, value)
    })
    for (const cookie of response.headers.getSetCookie()) raw.push('set-cookie', cookie)
    outgoing.writeHead(response.status, response.statusText || undefined, raw)
    if (response.body === null || incoming.method === 'HEAD') {
      void response.body?.cancel()
      return outgoing.end()
    }
    const reader = response.body.getReader()
    outgoing.on('close', () => void reader.cancel().catch(() => {}))
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }))
      if (done) break
      outgoing.write(value)
    }
    outgoing.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
