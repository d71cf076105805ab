// No recorded secret appears anywhere in a recording or a snapshot file:
// default headers, their cookies arrays, extra headers and JSON body paths.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setupServer, snapshot } from 'mocklib/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { recordEvents } from '../../src/dsl/record/record-runtime.js'
import { clients, type ClientRequest } from '../integration/support/clients.js'
import { startRealServer, type RealServer } from './support.js'

const SECRETS = ['S3CR3T-AUTH', 'S3CR3T-PROXY', 'S3CR3T-COOKIE', 'S3CR3T-KEY', 'S3CR3T-SESSION', 'S3CR3T-PASSWORD', 'S3CR3T-TOKEN', 'S3CR3T-SETCOOKIE', 'S3CR3T-RESPONSE-TOKEN']
const redact = { headers: ['X-Session'], jsonPaths: ['password', 'user.token', 'items.*.token'] }

const request: ClientRequest = {
  method: 'POST',
  headers: {
    authorization: `Bearer ${SECRETS[0]}`,
    'proxy-authorization': `Basic ${SECRETS[1]}`,
    cookie: `sid=${SECRETS[2]}; theme=dark`,
    'x-api-key': SECRETS[3]!,
    'x-session': SECRETS[4]!,
    'content-type': 'application/json',
  },
  body: JSON.stringify({ name: 'ada', password: SECRETS[5], user: { token: SECRETS[6], id: 1 } }),
}

let real: RealServer
beforeAll(async () => {
  real = await startRealServer((_request, response) => {
    response.setHeader('content-type', 'application/json')
    response.setHeader('set-cookie', [`session=${SECRETS[7]}; Path=/; HttpOnly`])
    response.end(JSON.stringify({ items: [{ id: 1, token: SECRETS[8] }], ok: true }))
  })
})
afterAll(() => real.close())

function expectNoSecret(text: string): void {
  for (const secret of SECRETS) expect(text, `${secret} leaked`).not.toContain(secret)
  expect(text).toContain('[redacted]')
}

it('a recording holds no secret, and keeps what is not secret', async () => {
  const server = setupServer()
  server.listen({ onUnhandledRequest: 'bypass' })
  try {
    const recording = recordEvents(server.events, { redact })
    for (const [, client] of clients) await client(`${real.origin}/login`, request)
    await recording.settled()
    const har = recording.stop()
    expect(har.log.entries).toHaveLength(clients.length)
    const text = JSON.stringify(har)
    expectNoSecret(text)
    const entry = har.log.entries[0]!
    expect(entry.request.cookies).toEqual([
      { name: 'sid', value: '[redacted]' },
      { name: 'theme', value: '[redacted]' },
    ])
    expect(entry.response.cookies).toMatchObject([{ name: 'session', value: '[redacted]', httpOnly: true, path: '/' }])
    expect(JSON.parse(entry.request.postData!.text!)).toEqual({ name: 'ada', password: '[redacted]', user: { token: '[redacted]', id: 1 } })
    expect(JSON.parse(entry.response.content.text!)).toEqual({ items: [{ id: 1, token: '[redacted]' }], ok: true })
  } finally {
    server.close()
  }
})

it('a snapshot file holds no secret', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'mocklib-redact-')), 'login.har')
  const server = setupServer(snapshot(file, { mode: 'record', redact }))
  server.listen({ onUnhandledRequest: 'error' })
  try {
    for (const [, client] of clients) {
      const reply = await client(`${real.origin}/login`, request)
      // The client itself gets the real answer; only the file is redacted.
      expect(reply.setCookie).toEqual([`session=${SECRETS[7]}; Path=/; HttpOnly`])
    }
  } finally {
    server.close()
  }
  const text = readFileSync(file, 'utf8')
  expect(JSON.parse(text).log.entries).toHaveLength(clients.length)
  expectNoSecret(text)
})

it('records secrets only when redaction is turned off', async () => {
  const server = setupServer()
  server.listen({ onUnhandledRequest: 'bypass' })
  try {
    const recording = recordEvents(server.events, { redact: false })
    await fetch(`${real.origin}/login`, request as RequestInit)
    await recording.settled()
    const text = JSON.stringify(recording.stop())
    for (const secret of SECRETS) expect(text).toContain(secret)
  } finally {
    server.close()
  }
})
