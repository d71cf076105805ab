// Recordings you can trust, on every client and both layers, against a real
// 127.0.0.1 server that counts its hits:
// - an exchange whose body the client has read is in `stop()` without `settled()`,
//   and in the file `snapshot(…, { mode: 'record' })` has written by `close()`;
// - `'replay'` never reaches the network, and says which entry was nearest and what differed;
// - two identical requests through two clients are two entries, replayed in order, the last repeating.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fromHar, http, HttpResponse, passthrough, type Har } from 'mocklib'
import { setupServer, snapshot } from 'mocklib/node'
import { describe, expect, it } from 'vitest'
import { clients } from './support/clients.js'
import { captureConsole, failOnUnhandledRejection, useLocalServer } from './support/harness.js'

let served = 0
const real = useLocalServer((request, response) => {
  served++
  const url = new URL(request.url ?? '/', 'http://x')
  if (url.pathname === '/chunked') {
    // No Content-Length: the body ends with the chunked terminator.
    response.setHeader('content-type', 'application/json')
    response.write('{"chunked":')
    response.end(`${served}}`)
    return
  }
  response.setHeader('content-type', 'application/json')
  response.end(JSON.stringify({ path: url.pathname, query: url.search, serial: served }))
})
failOnUnhandledRejection()

const directory = mkdtempSync(join(tmpdir(), 'mocklib-record-trust-'))
let files = 0

describe('stop() right after the client has read the whole body', () => {
  for (const [name, client] of clients) {
    for (const path of ['/sized', '/chunked']) {
      // Known gap: under the socket layer, node:http sees a chunked body end before
      // @mswjs/interceptors closes its copy of it (the copy closes a tick later).
      const knownGap = process.env.MOCKLIB_HTTP_LAYER === 'socket' && name === 'node:http' && path === '/chunked'
      ;(knownGap ? it.fails : it)(`${name} ${path}: the exchange is in the HAR without settled()`, async () => {
        const server = setupServer()
        server.listen({ onUnhandledRequest: 'bypass' })
        try {
          const recording = server.record()
          const reply = await client(`${real.origin}${path}`)
          JSON.parse(reply.body)
          const har = recording.stop()
          expect(har.log.entries.map((entry) => new URL(entry.request.url).pathname)).toEqual([path])
          expect(har.log.entries[0]!.response.content.text).toBe(reply.body)
        } finally {
          server.close()
        }
      })
    }

    it(`${name}: a mocked answer is in the HAR of { include: 'all' } without settled()`, async () => {
      const server = setupServer(http.get(`${real.origin}/mocked`, () => HttpResponse.json({ mocked: true })))
      server.listen({ onUnhandledRequest: 'error' })
      try {
        const recording = server.record({ include: 'all' })
        const hits = real.received.length
        expect(JSON.parse((await client(`${real.origin}/mocked`)).body)).toEqual({ mocked: true })
        expect(recording.stop().log.entries.map((entry) => entry.response.content.text)).toEqual(['{"mocked":true}'])
        expect(real.received.length).toBe(hits)
      } finally {
        server.close()
      }
    })

    it(`${name}: snapshot 'record' has the exchange in its file at close()`, async () => {
      const file = join(directory, `record-${files++}.har`)
      const server = setupServer(snapshot(file, { mode: 'record' }))
      server.listen({ onUnhandledRequest: 'error' })
      let body = ''
      try {
        body = (await client(`${real.origin}/sized?client=${encodeURIComponent(name)}`)).body
      } finally {
        server.close()
      }
      const har = JSON.parse(readFileSync(file, 'utf8')) as Har
      expect(har.log.entries.map((entry) => entry.response.content.text)).toEqual([body])
    })
  }
})

describe("'replay' never reaches the network", () => {
  async function recordOne(url: string): Promise<string> {
    const file = join(directory, `replay-${files++}.har`)
    const server = setupServer(snapshot(file, { mode: 'record' }))
    server.listen({ onUnhandledRequest: 'error' })
    try {
      // Two bodies for one URL: then the body tells entries apart (with one, it is not compared).
      for (const name of ['ada', 'bob']) await (await fetch(url, { method: 'POST', body: JSON.stringify({ name }), headers: { 'content-type': 'application/json' } })).text()
    } finally {
      server.close()
    }
    return file
  }

  for (const [name, client] of clients) {
    for (const policy of ['bypass', 'warn', 'error'] as const) {
      it(`${name}, onUnhandledRequest '${policy}': a request no entry answers fails, naming the nearest entry and what differed`, async () => {
        const file = await recordOne(`${real.origin}/users?page=1`)
        // A handler after snapshot() that would send everything on: replay must not let it.
        const server = setupServer(snapshot(file, { mode: 'replay' }), http.all('*', () => passthrough()))
        server.listen({ onUnhandledRequest: policy })
        const output = captureConsole()
        const hits = real.received.length
        let errors = ''
        try {
          const recorded = await client(`${real.origin}/users?page=1`, { method: 'POST', body: '{"name":"ada"}', headers: { 'content-type': 'application/json' } })
          expect(JSON.parse(recorded.body)).toMatchObject({ path: '/users', query: '?page=1' })
          await expect(client(`${real.origin}/users?page=2`, { method: 'POST', body: '{"name":"ada"}', headers: { 'content-type': 'application/json' } })).rejects.toThrow()
          await expect(client(`${real.origin}/users?page=1`)).rejects.toThrow()
          await expect(client(`${real.origin}/users?page=1`, { method: 'POST', body: '{"name":"carol"}', headers: { 'content-type': 'application/json' } })).rejects.toThrow()
          await expect(client(`${real.origin}/elsewhere`)).rejects.toThrow()
          errors = output.errors().join('\n')
        } finally {
          server.close()
          output.restore()
        }
        expect(real.received.length, 'requests that reached the real server').toBe(hits)
        expect(errors).toContain(`the nearest recorded entry is POST ${real.origin}/users?page=1; it differs in query "page" (recorded "1", sent "2")`)
        expect(errors).toContain('no recorded entry answers GET ' + real.origin + '/users?page=1: the nearest recorded entry is POST ' + real.origin + '/users?page=1; it differs in method (recorded POST, sent GET)')
        expect(errors).toContain('it differs in body (recorded "{\\"name\\":\\"ada\\"}", sent "{\\"name\\":\\"carol\\"}")')
        expect(errors).toContain(`URL (recorded ${real.origin}/users, sent ${real.origin}/elsewhere)`)
      })
    }
  }
})

describe('identical requests through different clients', () => {
  for (const [first, viaFirst] of clients) {
    for (const [second, viaSecond] of clients) {
      if (first === second) continue
      it(`${first} then ${second}: two entries, replayed in order, then the last repeats`, async () => {
        const server = setupServer()
        server.listen({ onUnhandledRequest: 'bypass' })
        let har: Har
        let answers: string[]
        try {
          const recording = server.record()
          answers = [(await viaFirst(`${real.origin}/same`)).body, (await viaSecond(`${real.origin}/same`)).body]
          har = recording.stop()
        } finally {
          server.close()
        }
        expect(answers[0]).not.toBe(answers[1])
        expect(har.log.entries.map((entry) => entry.response.content.text)).toEqual(answers)

        const replaying = setupServer(...fromHar(har))
        replaying.listen({ onUnhandledRequest: 'error' })
        const hits = real.received.length
        try {
          expect((await viaSecond(`${real.origin}/same`)).body).toBe(answers[0])
          expect((await viaFirst(`${real.origin}/same`)).body).toBe(answers[1])
          expect((await viaFirst(`${real.origin}/same`)).body).toBe(answers[1])
          expect((await viaSecond(`${real.origin}/same`)).body).toBe(answers[1])
        } finally {
          replaying.close()
        }
        expect(real.received.length).toBe(hits)
      })
    }
  }
})
