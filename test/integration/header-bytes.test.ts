// Issue 25.6: a header value outside ASCII (`café`) reaches each client as the
// bytes a real Node server sends for it reach that client: a real 127.0.0.1
// server given the same value is the reference, client by client, for a
// mocked, a streamed, a passed-through and a HAR-replayed answer.
//
// The reference server sends a Buffer body: Node then writes its headers on
// their own, as latin1 (é is the byte 0xE9), and every client reads header
// bytes as latin1, so each reads `café` back. (Given a first string chunk,
// Node encodes the headers together with it, as UTF-8: an accident of its
// writer that mocklib does not reproduce.)
import { fromHar, http, HttpResponse, passthrough, type Har } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clients } from './support/clients.js'
import { captureConsole, failOnUnhandledRejection, useLocalServer } from './support/harness.js'

const WORD = 'café'
/** Characters no header byte can stand for: a real Node server refuses them. */
const WIDE = '東京'

const real = useLocalServer((request, response) => {
  response.setHeader('content-type', 'text/plain')
  try {
    if (request.url === '/wide') response.setHeader('x-word', WIDE)
    // The bytes of WIDE as UTF-8, sent as they are (what a server outside Node may send).
    else if (request.url === '/utf8-bytes') response.setHeader('x-word', Buffer.from(WIDE, 'utf8').toString('latin1'))
    else response.setHeader('x-word', WORD)
  } catch (error) {
    response.statusCode = 500
    return void response.end(Buffer.from((error as NodeJS.ErrnoException).code ?? 'error'))
  }
  response.end(Buffer.from(`real ${request.url}`))
})
failOnUnhandledRejection()

/** What each client reads for the header when the real server sends it. */
const reference = new Map<string, string | undefined>()
/** The same for the UTF-8 bytes of WIDE. */
const utf8Reference = new Map<string, string | undefined>()
/** What the real server answers when told to set WIDE. */
let wideReference: readonly [number, string] | undefined
beforeAll(async () => {
  const wide = await clients[0]![1](`${real.origin}/wide`)
  wideReference = [wide.status, wide.body]
  for (const [name, client] of clients) {
    reference.set(name, (await client(`${real.origin}/reference`)).headers['x-word'])
    utf8Reference.set(name, (await client(`${real.origin}/utf8-bytes`)).headers['x-word'])
  }
})

const MOCKED = 'http://mocked.example.test'
const server = setupServer(
  http.get(`${MOCKED}/word`, () => HttpResponse.text('mocked', { headers: { 'x-word': WORD } })),
  http.get(`${MOCKED}/constructed`, () => new HttpResponse('mocked', { headers: { 'x-word': WORD } })),
  http.get(`${MOCKED}/stream`, () => new HttpResponse(new Blob(['mocked']).stream(), { headers: { 'x-word': WORD } })),
  http.get(`${MOCKED}/no-body`, () => new HttpResponse(null, { status: 204, headers: { 'x-word': WORD } })),
  http.get(`${MOCKED}/wide`, () => HttpResponse.text('mocked', { headers: { 'x-word': WIDE } })),
  http.get(`*/through`, () => passthrough()),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

/** Serves `har` instead of `server` for `run`, then listens again; nothing may reach the real server meanwhile. */
async function replaying(har: Har, run: () => Promise<void>): Promise<void> {
  const replay = setupServer(...fromHar(har))
  server.close()
  replay.listen({ onUnhandledRequest: 'error' })
  const hits = real.received.length
  try {
    await run()
  } finally {
    replay.close()
    server.listen({ onUnhandledRequest: 'error' })
  }
  expect(real.received.length, 'the replay reached the real server').toBe(hits)
}

describe(`a header value "${WORD}" reaches every client as a real server's bytes do`, () => {
  it('the reference: every client reads the value the real server set', () => {
    for (const [name] of clients) expect(reference.get(name), name).toBe(WORD)
  })

  for (const [name, client] of clients) {
    for (const path of ['word', 'constructed', 'stream', 'no-body']) {
      it(`${name}: mocked (/${path})`, async () => {
        expect((await client(`${MOCKED}/${path}`)).headers['x-word']).toBe(reference.get(name))
      })
    }

    it(`${name}: passed through`, async () => {
      const hits = real.received.length
      const reply = await client(`${real.origin}/through`)
      expect(reply.body).toBe('real /through')
      expect(reply.headers['x-word']).toBe(reference.get(name))
      expect(real.received.length).toBe(hits + 1)
    })

    it(`${name}: recorded, then replayed from the HAR`, async () => {
      const recording = server.record()
      await client(`${real.origin}/through`)
      const har = recording.stop()
      expect(har.log.entries).toHaveLength(1)
      await replaying(har, async () => {
        expect((await client(`${real.origin}/through`)).headers['x-word']).toBe(reference.get(name))
      })
    })
  }
})

describe(`a header value with characters above U+00FF ("${WIDE}")`, () => {
  it('the reference: a real Node server refuses to set it (ERR_INVALID_CHAR)', () => {
    expect(wideReference).toEqual([500, 'ERR_INVALID_CHAR'])
  })

  for (const [name, client] of clients) {
    it(`${name}: set by a handler, it fails the resolver as Headers refuses it (TypeError): a 500`, async () => {
      const console = captureConsole()
      try {
        const reply = await client(`${MOCKED}/wide`)
        expect(reply.status).toBe(500)
        expect(reply.body).toContain('TypeError')
        expect(console.errors().join('\n')).toMatch(/TypeError: .*greater than 255/)
      } finally {
        console.restore()
      }
    })

    it(`${name}: in a HAR (a tool that decoded the bytes as UTF-8 wrote it), it replays as those UTF-8 bytes`, async () => {
      const recording = server.record()
      await client(`${real.origin}/through`)
      const har = recording.stop()
      const headers = har.log.entries[0]!.response.headers
      for (const header of headers) if (header.name.toLowerCase() === 'x-word') header.value = WIDE
      await replaying(har, async () => {
        expect((await client(`${real.origin}/through`)).headers['x-word']).toBe(utf8Reference.get(name))
      })
    })
  }
})
