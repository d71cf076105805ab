// In Node a recording saves itself: save(path) waits for bodies still
// streaming, stops, and writes the HAR (creating the directory).
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { recordEvents } from '../../src/dsl/record/record-runtime.js'
import { withSave } from '../../src/dsl/record/write-har.js'
import { viaNodeHttp } from '../integration/support/clients.js'
import { BINARY, startRealServer, type RealServer } from './support.js'

let real: RealServer
beforeAll(async () => {
  real = await startRealServer()
})
afterAll(() => real.close())

it('save(path) writes the HAR of every exchange, bodies included, and stops the recording', async () => {
  const server = setupServer()
  server.listen({ onUnhandledRequest: 'bypass' })
  const file = join(mkdtempSync(join(tmpdir(), 'mocklib-save-')), 'deep', 'er', 'traffic.har')
  try {
    const recording = withSave(recordEvents(server.events))
    // Not awaited one by one: save() must wait for all of them.
    await Promise.all([fetch(`${real.origin}/binary`).then((response) => response.arrayBuffer()), viaNodeHttp(`${real.origin}/json?page=9`)])
    const har = await recording.save(file)
    const written = JSON.parse(readFileSync(file, 'utf8'))
    expect(written).toEqual(JSON.parse(JSON.stringify(har)))
    expect(written.log.entries).toHaveLength(2)
    const binary = written.log.entries.find((entry: { request: { url: string } }) => entry.request.url.endsWith('/binary'))
    expect(Buffer.from(binary.response.content.text, 'base64').equals(BINARY)).toBe(true)
    await fetch(`${real.origin}/json`)
    expect(recording.stop().log.entries).toEqual([])
  } finally {
    server.close()
  }
})
