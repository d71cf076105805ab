/**
 * Issue 14, item 9: what node:http receives from a mocked response. Header
 * values outside ASCII arrive as a real Node server would send them, and a
 * streamed body is pulled only as fast as the client reads it.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { bypass, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { failOnUnhandledRejection } from '../integration/support/harness.js'

const MOCKED = 'http://mocked.bytes.test'
const VALUES = ['café', 'naïve ß ü', 'plain ascii']

let real: Server
let realOrigin = ''
/** What a node:http client gets from the real server with no interception at all. */
let baseline: string[] = []
const mocks = setupServer()
failOnUnhandledRejection()

beforeAll(async () => {
  real = createServer((_request, response) => {
    VALUES.forEach((value, index) => response.setHeader(`x-value-${index}`, value))
    // A Buffer body: Node sends the headers on their own, as latin1 (with a first string chunk it encodes them with it, as UTF-8: issue 25.6).
    response.end(Buffer.from('real'))
  })
  await new Promise<void>((resolve) => real.listen(0, '127.0.0.1', resolve))
  realOrigin = `http://127.0.0.1:${(real.address() as AddressInfo).port}`
  const direct = await get(`${realOrigin}/headers`)
  direct.resume()
  baseline = valuesOf(direct)
  // From here on, requests to the real server pass through mocklib.
  mocks.listen({ onUnhandledRequest: 'bypass' })
})
afterEach(() => mocks.resetHandlers())
afterAll(async () => {
  mocks.close()
  await new Promise<void>((resolve) => {
    real.closeAllConnections()
    real.close(() => resolve())
  })
})

function get(url: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, resolve)
    outgoing.on('error', reject)
    outgoing.end()
  })
}

function valuesOf(response: IncomingMessage): string[] {
  return VALUES.map((_value, index) => String(response.headers[`x-value-${index}`]))
}

describe('non-ASCII header values over node:http', () => {
  it('of a mocked response arrive as a real Node server sends the same setHeader values', async () => {
    mocks.use(
      http.get(`${MOCKED}/headers`, () =>
        HttpResponse.text('mocked', { headers: Object.fromEntries(VALUES.map((value, index) => [`x-value-${index}`, value])) }),
      ),
    )
    const fromMock = await get(`${MOCKED}/headers`)
    fromMock.resume()
    expect(valuesOf(fromMock)).toEqual(baseline)
  })

  it('of a real response a resolver returns (fetch + bypass) arrive unchanged', async () => {
    mocks.use(http.get(`${MOCKED}/proxied`, ({ request }) => fetch(bypass(new Request(`${realOrigin}/headers`, request)))))
    const proxied = await get(`${MOCKED}/proxied`)
    proxied.resume()
    expect(valuesOf(proxied)).toEqual(baseline)
  })
})

describe('a streamed mocked body to a node:http client that does not read', () => {
  const CHUNK = 16 * 1024
  const CHUNKS = 256 // 4 MB in all

  it('is pulled only as far as the socket buffers, then to the end once the client reads', async () => {
    let pulled = 0
    mocks.use(
      http.get(`${MOCKED}/stream`, () => {
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (pulled === CHUNKS) return controller.close()
            pulled++
            controller.enqueue(new Uint8Array(CHUNK).fill(97))
          },
        }, { highWaterMark: 0 })
        return new HttpResponse(body, { headers: { 'content-type': 'application/octet-stream' } })
      }),
    )
    const response = await get(`${MOCKED}/stream`)
    // The client holds the response without reading: give the producer time to run ahead.
    await new Promise((resolve) => setTimeout(resolve, 200))
    const pulledWhilePaused = pulled
    expect(pulledWhilePaused).toBeLessThan(CHUNKS / 4)

    let received = 0
    for await (const chunk of response) received += (chunk as Buffer).byteLength
    expect(received).toBe(CHUNK * CHUNKS)
    expect(pulled).toBe(CHUNKS)
  })
})
