/**
 * Issue 14, item 5 (cookies): a cookie named like an `Object.prototype` member
 * is an ordinary cookie, and a missing one is `undefined`, never inherited.
 */
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { viaFetch, viaNodeHttp, type Client } from '../integration/support/clients.js'

const ORIGIN = 'https://cookies.pollution.test'

const server = setupServer(
  http.get(`${ORIGIN}/cookies`, ({ cookies }) =>
    HttpResponse.json({
      entries: Object.entries(cookies),
      prototypeIsNull: Object.getPrototypeOf(cookies) === null,
      constructorType: typeof cookies.constructor,
      toStringType: typeof cookies.toString,
    }),
  ),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

interface Seen {
  entries: Array<[string, string]>
  prototypeIsNull: boolean
  constructorType: string
  toStringType: string
}

async function cookiesSeen(client: Client, cookie?: string): Promise<Seen> {
  const reply = await client(`${ORIGIN}/cookies`, cookie === undefined ? {} : { headers: { cookie } })
  expect(reply.status).toBe(200)
  return JSON.parse(reply.body) as Seen
}

const clients: Array<[string, Client]> = [
  ['fetch', viaFetch],
  ['node:http', viaNodeHttp],
]

describe.each(clients)('cookies named like Object.prototype members, through %s', (_name, client) => {
  it('keeps constructor, toString, valueOf, hasOwnProperty and __proto__ as own cookies', async () => {
    const seen = await cookiesSeen(client, 'constructor=c; toString=t; valueOf=v; hasOwnProperty=h; __proto__=p; plain=1')
    expect(seen.entries).toEqual([
      ['constructor', 'c'],
      ['toString', 't'],
      ['valueOf', 'v'],
      ['hasOwnProperty', 'h'],
      ['__proto__', 'p'],
      ['plain', '1'],
    ])
    expect(seen.prototypeIsNull).toBe(true)
    expect(seen.constructorType).toBe('string')
    expect(seen.toStringType).toBe('string')
  })

  it('gives undefined, not an Object member, for a cookie that was not sent', async () => {
    const seen = await cookiesSeen(client, 'session=abc')
    expect(seen.entries).toEqual([['session', 'abc']])
    expect(seen.constructorType).toBe('undefined')
    expect(seen.toStringType).toBe('undefined')
  })

  it('has no inherited members without any Cookie header', async () => {
    const seen = await cookiesSeen(client)
    expect(seen.entries).toEqual([])
    expect(seen.prototypeIsNull).toBe(true)
    expect(seen.constructorType).toBe('undefined')
  })
})
