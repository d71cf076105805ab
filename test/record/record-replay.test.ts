// Record real traffic (fetch, node:http, undici, axios) to a real 127.0.0.1
// server, stop the server, then replay the HAR through every client with
// fromHar and with snapshot(..., { mode: 'replay' }).
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fromHar, type Har } from 'mocklib'
import { setupServer, snapshot } from 'mocklib/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordEvents } from '../../src/dsl/record/record-runtime.js'
import { captureConsole } from '../integration/support/harness.js'
import { clients, type Client, type ClientReply } from '../integration/support/clients.js'
import { answerHeaders, BINARY, startRealServer } from './support.js'

type Scenario = Record<string, Omit<ClientReply, 'headers'> & { headers: Record<string, string> }>

/** The same requests for every client: JSON with a query, binary, a POST body, a counter twice, a 404. */
async function scenario(client: Client, origin: string): Promise<Scenario> {
  const calls: Array<[string, string, Parameters<Client>[1]?]> = [
    ['json', `${origin}/json?page=2`],
    ['binary', `${origin}/binary`],
    ['echo', `${origin}/echo`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello body' }],
    ['counter-1', `${origin}/counter`],
    ['counter-2', `${origin}/counter`],
    ['missing', `${origin}/missing`],
  ]
  const result: Scenario = {}
  for (const [name, url, init] of calls) {
    const reply = await client(url, init)
    result[name] = { ...reply, headers: answerHeaders(reply.headers) }
  }
  return result
}

let har: Har
let origin = ''
const live = new Map<string, Scenario>()
const directory = mkdtempSync(join(tmpdir(), 'mocklib-record-'))

beforeAll(async () => {
  const real = await startRealServer()
  origin = real.origin
  const server = setupServer()
  server.listen({ onUnhandledRequest: 'bypass' })
  try {
    // redact: false, so the replayed Set-Cookie headers can be compared with the live ones.
    const recording = recordEvents(server.events, { redact: false })
    for (const [name, client] of clients) live.set(name, await scenario(client, origin))
    await recording.settled()
    har = recording.stop()
  } finally {
    server.close()
    await real.close()
  }
})

describe('recording', () => {
  it('has one entry per request, in the order they were made', () => {
    expect(har.log.entries).toHaveLength(clients.length * 6)
    expect(har.log.entries.slice(0, 6).map((entry) => `${entry.request.method} ${new URL(entry.request.url).pathname}`)).toEqual([
      'GET /json',
      'GET /binary',
      'POST /echo',
      'GET /counter',
      'GET /counter',
      'GET /missing',
    ])
    const json = har.log.entries[0]!
    expect(json.request.queryString).toEqual([{ name: 'page', value: '2' }])
    expect(json.response.cookies.map(({ name, value }) => [name, value])).toEqual([['theme', 'dark'], ['lang', 'en']])
    expect(json.response.cookies[1]!.httpOnly).toBe(true)
    expect(json._outcome).toBe('unhandled')
    const binary = har.log.entries[1]!
    expect(binary.response.content.encoding).toBe('base64')
    expect(Buffer.from(binary.response.content.text!, 'base64').equals(BINARY)).toBe(true)
    expect(har.log.entries[2]!.request.postData).toEqual({ mimeType: 'text/plain', text: 'hello body' })
  })

  it('differs between the two calls of the counter (so replay order is observable)', () => {
    const fetchReplies = live.get('fetch')!
    expect(fetchReplies['counter-1']!.body).not.toBe(fetchReplies['counter-2']!.body)
  })
})

describe.each([
  ['fromHar', () => fromHar(JSON.stringify(har))],
  [
    'snapshot replay',
    () => {
      const file = join(directory, 'replay.har')
      writeFileSync(file, JSON.stringify(har, null, 2))
      return [snapshot(file, { mode: 'replay' })]
    },
  ],
] as const)('replay with %s, the real server stopped', (_name, handlers) => {
  const server = setupServer()
  beforeAll(() => {
    server.use(...handlers())
    server.listen({ onUnhandledRequest: 'error' })
  })
  afterAll(() => server.close())

  it.each(clients)('%s gets the recorded status, headers and bodies', async (name, client) => {
    const replayed = await scenario(client, origin)
    expect(replayed).toEqual(live.get(name))
  })

  it('gives binary bodies back byte for byte', async () => {
    const response = await fetch(`${origin}/binary`)
    expect(Buffer.from(await response.arrayBuffer()).equals(BINARY)).toBe(true)
  })

  it.each(clients)('%s: a request not in the file is unhandled (fails under "error")', async (_client, client) => {
    const output = captureConsole()
    try {
      await expect(client(`${origin}/json?page=3`)).rejects.toThrow()
      expect(output.errors().join('\n')).toContain(`${origin}/json?page=3`)
    } finally {
      output.restore()
    }
    await expect(client(`${origin}/echo`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello body' })).resolves.toMatchObject({ status: 201 })
  })
})
