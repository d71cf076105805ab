// The HAR mocklib writes validates against the HAR 1.2 schema (the har-schema
// package, with ajv) and carries every field Chromium DevTools' HAR importer reads
// (front_end/models/har/HARFormat.ts: HARLog, HAREntry, HARRequest, HARResponse,
// HARContent, HARTimings).
import { createRequire } from 'node:module'
import { http, HttpResponse, type Har } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { recordEvents } from '../../src/dsl/record/record-runtime.js'
import { clients } from '../integration/support/clients.js'
import { startRealServer, type RealServer } from './support.js'

const require = createRequire(import.meta.url)
const Ajv = require('ajv').default as typeof import('ajv').default
const schemas = require('har-schema') as Record<string, { $id: string }>

function harValidator() {
  const ajv = new Ajv({ strict: false, allErrors: true })
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'))
  for (const schema of Object.values(schemas)) ajv.addSchema(schema)
  return ajv.getSchema('har.json#')!
}

let real: RealServer
let har: Har
const server = setupServer(http.get('http://mocked.test/hello', () => HttpResponse.json({ mocked: true })))

beforeAll(async () => {
  real = await startRealServer()
  server.listen({ onUnhandledRequest: 'bypass' })
  const recording = recordEvents(server.events, { include: 'all' })
  for (const [, client] of clients) {
    await client(`${real.origin}/json?page=1&sort=asc`, { headers: { cookie: 'a=1; b=2', authorization: 'Bearer x' } })
    await client(`${real.origin}/binary`)
    await client(`${real.origin}/echo`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'x=1&y=2' })
    await client('http://mocked.test/hello')
  }
  await recording.settled()
  har = recording.stop()
})
afterAll(async () => {
  server.close()
  await real.close()
})

it('validates against the HAR 1.2 schema (har-schema)', () => {
  const validate = harValidator()
  const valid = validate(JSON.parse(JSON.stringify(har)))
  expect(validate.errors ?? []).toEqual([])
  expect(valid).toBe(true)
  expect(har.log.entries.length).toBe(clients.length * 4)
})

it('rejects a broken HAR (the validator is not vacuous)', () => {
  const validate = harValidator()
  const broken = JSON.parse(JSON.stringify(har)) as { log: { entries: Array<{ request: Record<string, unknown> }> } }
  delete broken.log.entries[0]!.request.headers
  expect(validate(broken)).toBe(false)
})

it("has the fields Chromium DevTools' HAR importer requires", () => {
  expect(har.log).toMatchObject({ version: '1.2', creator: { name: 'mocklib', version: expect.any(String) } })
  for (const entry of har.log.entries) {
    expect(typeof entry.startedDateTime).toBe('string')
    expect(Number.isNaN(Date.parse(entry.startedDateTime))).toBe(false)
    expect(typeof entry.time).toBe('number')
    expect(entry.cache).toEqual(expect.any(Object))
    expect(entry.timings).toMatchObject({ send: expect.any(Number), wait: expect.any(Number), receive: expect.any(Number) })
    const { request, response } = entry
    for (const field of ['method', 'url', 'httpVersion'] as const) expect(typeof request[field]).toBe('string')
    for (const field of ['headers', 'queryString', 'cookies'] as const) expect(Array.isArray(request[field])).toBe(true)
    for (const field of ['headersSize', 'bodySize'] as const) expect(typeof request[field]).toBe('number')
    for (const field of ['status', 'headersSize', 'bodySize'] as const) expect(typeof response[field]).toBe('number')
    for (const field of ['statusText', 'httpVersion', 'redirectURL'] as const) expect(typeof response[field]).toBe('string')
    for (const field of ['headers', 'cookies'] as const) expect(Array.isArray(response[field])).toBe(true)
    expect(response.content).toMatchObject({ size: expect.any(Number), mimeType: expect.any(String) })
  }
})

it('records query, cookies, form bodies and outcomes', () => {
  const [json, binary, form, mocked] = har.log.entries
  expect(json!.request.queryString).toEqual([
    { name: 'page', value: '1' },
    { name: 'sort', value: 'asc' },
  ])
  expect(json!.request.cookies).toEqual([
    { name: 'a', value: '[redacted]' },
    { name: 'b', value: '[redacted]' },
  ])
  expect(binary!.response.content).toMatchObject({ encoding: 'base64', mimeType: 'application/octet-stream', size: 512 })
  expect(form!.request.postData).toEqual({
    mimeType: 'application/x-www-form-urlencoded',
    text: 'x=1&y=2',
    params: [
      { name: 'x', value: '1' },
      { name: 'y', value: '2' },
    ],
  })
  expect(form!.request.bodySize).toBe(7)
  expect(mocked!._outcome).toBe('mocked')
  expect(mocked!.response.content.text).toBe('{"mocked":true}')
})
