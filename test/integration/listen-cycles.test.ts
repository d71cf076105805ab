// listen()/close() cycles with real traffic in between: pooled connections
// opened while not listening must never carry a request made while listening,
// and nothing may stay open after close().
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import nodeHttp from 'node:http'
import type { Socket } from 'node:net'
import { request as undiciRequest } from 'undici'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { captureConsole } from './support/harness.js'

const MAX_CYCLES = 1000
const TIME_BUDGET_MS = 45_000

let origin = ''
const received: string[] = []
const open = new Set<Socket>()
const real = nodeHttp.createServer((request, response) => {
  received.push(request.url ?? '')
  response.end(`real ${request.url}`)
})
real.on('connection', (socket) => {
  open.add(socket)
  socket.on('close', () => open.delete(socket))
})

beforeAll(async () => {
  await new Promise<void>((resolve) => real.listen(0, '127.0.0.1', resolve))
  const address = real.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  origin = `http://127.0.0.1:${address.port}`
})
afterAll(async () => {
  real.closeAllConnections()
  await new Promise((resolve) => real.close(resolve))
})

function viaNodeHttp(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    nodeHttp
      .get(url, (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () => resolve(body))
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

const viaUndici = async (url: string) => (await undiciRequest(url)).body.text()
const viaFetch = async (url: string) => (await fetch(url)).text()
const clients = [viaFetch, viaUndici, viaNodeHttp]

function tcpHandles(): number {
  return process.getActiveResourcesInfo().filter((name) => name.startsWith('TCP')).length
}

it(`${MAX_CYCLES} listen()/close() cycles (or as many as fit in ${TIME_BUDGET_MS / 1000} s): no request made while listening reaches the network, nothing stays open`, async () => {
  const server = setupServer(http.get(`${origin}/mocked`, () => HttpResponse.text('mocked')))
  const console = captureConsole()
  const handlesBefore = tcpHandles()
  const started = Date.now()
  let cycles = 0
  try {
    while (cycles < MAX_CYCLES && Date.now() - started < TIME_BUDGET_MS) {
      // Real traffic while not listening: every client pools a connection to the real server.
      for (const client of clients) expect(await client(`${origin}/real`)).toBe('real /real')
      server.listen({ onUnhandledRequest: 'error' })
      try {
        for (const client of clients) {
          expect(await client(`${origin}/mocked`)).toBe('mocked')
          await expect(client(`${origin}/unhandled`)).rejects.toThrow()
        }
      } finally {
        server.close()
      }
      cycles++
    }
  } finally {
    console.restore()
  }
  globalThis.console.log(`[listen-cycles] ${cycles} cycles in ${Date.now() - started} ms`)
  expect(cycles).toBeGreaterThanOrEqual(100)
  expect(received.filter((url) => url !== '/real')).toEqual([])
  expect(received.length).toBe(cycles * clients.length)
  // The pools keep at most one idle connection per client; nothing accumulates per cycle.
  expect(open.size).toBeLessThanOrEqual(clients.length)
  expect(tcpHandles() - handlesBefore).toBeLessThanOrEqual(2 * clients.length)
}, 120_000)
