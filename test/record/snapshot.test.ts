// snapshot(path, { mode }) against a real 127.0.0.1 server: record, auto
// (replays what is there, records what is missing, keeps entries byte for
// byte), update, then replay with the server stopped.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Har } from 'mocklib'
import { setupServer, snapshot, type SnapshotMode } from 'mocklib/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { captureConsole } from '../integration/support/harness.js'
import { viaAxios, viaNodeHttp, viaUndiciRequest } from '../integration/support/clients.js'
import { BINARY, startRealServer, type RealServer } from './support.js'

const directory = mkdtempSync(join(tmpdir(), 'mocklib-snapshot-'))
const file = join(directory, 'nested', 'api.har')
let real: RealServer

/** Runs `body` with a server whose only handler is `snapshot(file, { mode })`. */
async function withSnapshot<T>(mode: SnapshotMode | undefined, body: () => Promise<T>): Promise<T> {
  const server = setupServer(snapshot(file, mode ? { mode } : {}))
  server.listen({ onUnhandledRequest: 'error' })
  try {
    return await body()
  } finally {
    server.close()
  }
}
const read = (): { text: string; har: Har } => {
  const text = readFileSync(file, 'utf8')
  return { text, har: JSON.parse(text) as Har }
}
const paths = (har: Har) => har.log.entries.map((entry) => `${entry.request.method} ${new URL(entry.request.url).pathname}${new URL(entry.request.url).search}`)

beforeAll(async () => {
  real = await startRealServer()
})
afterAll(async () => {
  await real.close()
})

describe('snapshot', () => {
  let recordedCounter = ''

  it("'record' sends everything to the network and writes the file as exchanges complete", async () => {
    await withSnapshot('record', async () => {
      const json = await fetch(`${real.origin}/json?page=1`)
      expect(await json.json()).toEqual({ page: '1', items: [1, 2, 3] })
      // Written already, before the server is closed.
      expect(paths(read().har)).toEqual(['GET /json?page=1'])
      recordedCounter = (await viaAxios(`${real.origin}/counter`)).body
      const binary = await fetch(`${real.origin}/binary`)
      expect(Buffer.from(await binary.arrayBuffer()).equals(BINARY)).toBe(true)
    })
    expect(real.hits).toEqual(['GET /json?page=1', 'GET /counter', 'GET /binary'])
    expect(paths(read().har)).toEqual(['GET /json?page=1', 'GET /counter', 'GET /binary'])
  })

  it("'auto' replays what is there, records what is missing, and keeps existing entries byte for byte", async () => {
    const before = read().text
    const hits = real.hits.length
    await withSnapshot('auto', async () => {
      expect((await viaNodeHttp(`${real.origin}/counter`)).body).toBe(recordedCounter)
      const echo = await viaUndiciRequest(`${real.origin}/echo`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'new one' })
      expect([echo.status, echo.body]).toEqual([201, 'echo:new one'])
    })
    // Only the missing request reached the server.
    expect(real.hits.slice(hits)).toEqual(['POST /echo'])
    const after = read()
    expect(paths(after.har)).toEqual(['GET /json?page=1', 'GET /counter', 'GET /binary', 'POST /echo'])
    // Everything up to the end of the last old entry (entries close at six spaces) is unchanged.
    const oldEntries = before.slice(0, before.lastIndexOf('\n      }') + '\n      }'.length)
    expect(oldEntries.length).toBeGreaterThan(before.length - 20)
    expect(after.text.startsWith(oldEntries)).toBe(true)
  })

  it("'update' re-records the entries it sees and keeps the others", async () => {
    const before = read().har
    await withSnapshot('update', async () => {
      expect((await fetch(`${real.origin}/counter`)).status).toBe(200)
    })
    const after = read().har
    expect(paths(after)).toEqual(['GET /json?page=1', 'GET /binary', 'POST /echo', 'GET /counter'])
    expect(after.log.entries[3]!.response.content.text).not.toBe(before.log.entries[1]!.response.content.text)
    expect(after.log.entries[0]).toEqual(before.log.entries[0])
  })

  it("'replay' answers from the file with the server stopped, and a missing request is unhandled", async () => {
    const origin = real.origin
    await real.close()
    const updatedCounter = read().har.log.entries[3]!.response.content.text
    await withSnapshot('replay', async () => {
      expect(await (await fetch(`${origin}/json?page=1`)).json()).toEqual({ page: '1', items: [1, 2, 3] })
      expect((await viaAxios(`${origin}/counter`)).body).toBe(updatedCounter)
      const binary = await fetch(`${origin}/binary`)
      expect(Buffer.from(await binary.arrayBuffer()).equals(BINARY)).toBe(true)
      const output = captureConsole()
      try {
        await expect(fetch(`${origin}/json?page=2`)).rejects.toThrow()
        await expect(viaNodeHttp(`${origin}/nothing`)).rejects.toThrow()
      } finally {
        output.restore()
      }
    })
  })

  it('takes its default mode from MOCKLIB_SNAPSHOT and refuses unknown modes', async () => {
    const previous = process.env.MOCKLIB_SNAPSHOT
    try {
      process.env.MOCKLIB_SNAPSHOT = 'replay'
      const missing = join(directory, 'missing.har')
      expect(() => snapshot(missing)).toThrow(/^\[mocklib\] snapshot\(\): .*missing\.har does not exist, and mode "replay" never records/)
      expect(existsSync(missing)).toBe(false)
      process.env.MOCKLIB_SNAPSHOT = 'sometimes'
      expect(() => snapshot(file)).toThrow(/^\[mocklib\] MOCKLIB_SNAPSHOT="sometimes" is not a snapshot mode/)
      delete process.env.MOCKLIB_SNAPSHOT
      // Unset: 'auto', which may create the file.
      expect(() => snapshot(missing)).not.toThrow()
    } finally {
      if (previous === undefined) delete process.env.MOCKLIB_SNAPSHOT
      else process.env.MOCKLIB_SNAPSHOT = previous
    }
  })
})
