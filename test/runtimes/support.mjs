// Helpers shared by the Bun and Deno suites: a real 127.0.0.1 server (the
// reference where a real answer decides), and node:http/https read to the end.
import { Buffer } from 'node:buffer'
import { createServer } from 'node:http'
import nodeHttp from 'node:http'
import nodeHttps from 'node:https'

/** Which runtime runs this suite, for the test names. */
export const RUNTIME = globalThis.process?.versions?.bun !== undefined ? 'bun' : globalThis.process?.versions?.deno !== undefined ? 'deno' : 'node'

/**
 * Starts a real server on 127.0.0.1 that answers with `route(request, response, body)`;
 * `seen` lists the head of every request it received.
 */
export async function startRealServer(route) {
  const seen = []
  const server = createServer((request, response) => {
    const chunks = []
    request.on('data', (chunk) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      seen.push({ method: request.method, url: request.url, headers: request.headers, body })
      route(request, response, body)
    })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${server.address().port}`
  return {
    origin,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.()
        server.close(() => resolve())
      }),
  }
}

/** Sends a request with node:http or node:https (by the URL's protocol) and reads the answer. */
export function viaNodeHttp(url, { method = 'GET', headers = {}, body } = {}) {
  const module = new URL(url).protocol === 'https:' ? nodeHttps : nodeHttp
  return new Promise((resolve, reject) => {
    const request = module.request(url, { method, headers }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }))
      response.on('error', reject)
    })
    request.on('error', reject)
    request.end(body)
  })
}

/** Reads a streamed body until `until(text)` says enough, then cancels it. */
export async function readUntil(response, until) {
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return text
    text += decoder.decode(value, { stream: true })
    if (until(text)) {
      await reader.cancel()
      return text
    }
  }
}

/** Resolves with what `promise` settled to, as `{ value }` or `{ error }` (to compare outcomes). */
export function settle(promise) {
  return promise.then(
    (value) => ({ value }),
    (error) => ({ error }),
  )
}

/** Rejects after `ms` with a message naming `what`, so that a hang fails instead of timing out silently. */
export function within(ms, what, promise) {
  let timer
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
