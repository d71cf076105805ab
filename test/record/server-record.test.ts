// server.record(): the runtime reports every completed exchange in one place, for
// every Node client; a recording keeps its own scope's, and replays with fromHar.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fromHar, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { viaAxios, viaNodeHttp, viaUndiciRequest } from '../integration/support/clients.js'
import { BINARY, startRealServer, type RealServer } from './support.js'

let real: RealServer
const folder = mkdtempSync(join(tmpdir(), 'mocklib-server-record-'))
beforeAll(async () => {
  real = await startRealServer()
})
afterAll(async () => {
  await real.close()
  rmSync(folder, { recursive: true, force: true })
})

const server = setupServer(http.get('https://api.record.test/mocked', () => HttpResponse.json({ mocked: true })))
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }))
afterAll(() => server.close())

describe('server.record()', () => {
  it('records what the network answered for fetch, node:http, undici and axios, and saves a HAR that replays', async () => {
    const recording = server.record({ redact: false })
    await fetch(`${real.origin}/json?page=1`).then((response) => response.text())
    await viaNodeHttp(`${real.origin}/echo`, { method: 'POST', body: 'from node:http' })
    await viaUndiciRequest(`${real.origin}/binary`)
    await viaAxios(`${real.origin}/json?page=2`)
    await fetch('https://api.record.test/mocked').then((response) => response.text())
    const file = join(folder, 'network.har')
    const har = await recording.save(file)
    expect(har.log.entries.map((entry) => `${entry.request.method} ${new URL(entry.request.url).pathname}${new URL(entry.request.url).search}`)).toEqual([
      'GET /json?page=1',
      'POST /echo',
      'GET /binary',
      'GET /json?page=2',
    ])
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(JSON.parse(JSON.stringify(har)))

    // Replayed by fromHar with the real server's answers (binary included), ahead of the handlers.
    server.use(...fromHar(har))
    const binary = new Uint8Array(await (await fetch(`${real.origin}/binary`)).arrayBuffer())
    expect(Buffer.from(binary).equals(BINARY)).toBe(true)
    expect((await viaNodeHttp(`${real.origin}/echo`, { method: 'POST', body: 'from node:http' })).body).toBe('echo:from node:http')
    server.resetHandlers()
  })

  it("{ include: 'all' } adds mocked answers", async () => {
    const recording = server.record({ include: 'all' })
    await fetch('https://api.record.test/mocked').then((response) => response.text())
    await recording.settled()
    const har = recording.stop()
    expect(har.log.entries).toHaveLength(1)
    expect(JSON.parse(har.log.entries[0]!.response.content.text ?? '')).toEqual({ mocked: true })
  })

  it('a boundary records only its own exchanges', async () => {
    const outside = server.record()
    await server.boundary(async () => {
      const inside = server.record()
      await fetch(`${real.origin}/json?page=inside`).then((response) => response.text())
      await inside.settled()
      expect(inside.stop().log.entries.map((entry) => entry.request.url)).toEqual([`${real.origin}/json?page=inside`])
    })()
    await fetch(`${real.origin}/json?page=outside`).then((response) => response.text())
    await outside.settled()
    expect(outside.stop().log.entries.map((entry) => entry.request.url)).toEqual([`${real.origin}/json?page=outside`])
  })
})
