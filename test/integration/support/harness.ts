/**
 * Shared test scaffolding: a real loopback server (for passthrough), a guard
 * that fails the test on any unhandled rejection, and console capture.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest'

export interface LocalServer {
  readonly origin: string
  /** Requests the real server received (method, url, headers). */
  readonly received: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }>
}

/** Starts a real node:http server on 127.0.0.1 for the lifetime of the file. */
export function useLocalServer(
  respond: (request: IncomingMessage, response: ServerResponse, body: string) => void = (request, response) => {
    response.setHeader('content-type', 'text/plain')
    response.end(`real ${request.method} ${request.url}`)
  },
): LocalServer {
  let server: Server | undefined
  const state = { origin: '', received: [] as LocalServer['received'] }
  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8')
        state.received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body })
        respond(request, response, body)
      })
    })
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    if (address === null || typeof address === 'string') throw new Error('no port')
    state.origin = `http://127.0.0.1:${address.port}`
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => {
      server?.closeAllConnections()
      server?.close(() => resolve())
    })
  })
  return state
}

/**
 * Closes, after each test, the server that test last handed over (first-use tests start a fresh
 * mocklib, and so a server of its own, in each test).
 */
export function closeServerAfterEach(): (server: { close(): void }) => void {
  let open: { close(): void } | undefined
  afterEach(() => {
    open?.close()
    open = undefined
  })
  return (server) => void (open = server)
}

/** Fails the current test when any promise rejection goes unhandled in the process. */
export function failOnUnhandledRejection(): void {
  const seen: unknown[] = []
  const listener = (reason: unknown) => seen.push(reason)
  beforeAll(() => {
    process.on('unhandledRejection', listener)
    process.on('uncaughtException', listener)
  })
  afterEach(async () => {
    // Let pending rejections surface before checking.
    await new Promise((resolve) => setTimeout(resolve, 5))
    const found = seen.splice(0)
    expect(found, 'unhandled rejection or uncaught exception').toEqual([])
  })
  afterAll(() => {
    process.off('unhandledRejection', listener)
    process.off('uncaughtException', listener)
  })
}

/** Silences and records console.warn / console.error for the current test. */
export function captureConsole(): { warnings: () => string[]; errors: () => string[]; restore: () => void } {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  const text = (calls: unknown[][]) => calls.map((args) => args.map(String).join(' '))
  return {
    warnings: () => text(warn.mock.calls),
    errors: () => text(error.mock.calls),
    restore: () => {
      warn.mockRestore()
      error.mockRestore()
    },
  }
}
