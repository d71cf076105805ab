// fromHar matching rules, on HARs built by the recorder from real Request and
// Response objects (no server needed: replay never touches the network).
import { fromHar, http, HttpResponse, type Har } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createRecorder } from '../../src/dsl/record/recorder.js'
import { captureConsole } from '../integration/support/harness.js'

const API = 'https://api.example.test'

async function harOf(exchanges: Array<[Request, Response | undefined]>): Promise<Har> {
  const recorder = createRecorder({ include: 'all' })
  exchanges.forEach(([request, response], index) =>
    recorder.onCompleted({ id: String(index), request, response, outcome: 'passthrough', startedAt: Date.now(), durationMs: 3 }),
  )
  await recorder.settled()
  return recorder.stop()
}

const json = (value: unknown, status = 200) => Response.json(value, { status })
const post = (path: string, body: string) => new Request(`${API}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('fromHar', () => {
  it('answers entries of one key in recorded order, then repeats the last', async () => {
    const har = await harOf([
      [new Request(`${API}/n`), json(1)],
      [new Request(`${API}/n`), json(2)],
      [new Request(`${API}/n`), json(3)],
    ])
    server.use(...fromHar(har))
    const answers = []
    for (let i = 0; i < 5; i++) answers.push(await (await fetch(`${API}/n`)).json())
    expect(answers).toEqual([1, 2, 3, 3, 3])
  })

  it('tells requests apart by query and by method', async () => {
    const har = await harOf([
      [new Request(`${API}/list?page=1`), json('page 1')],
      [new Request(`${API}/list?page=2`), json('page 2')],
      [new Request(`${API}/list?page=1`, { method: 'DELETE' }), json('deleted', 202)],
    ])
    server.use(...fromHar(JSON.stringify(har)))
    expect(await (await fetch(`${API}/list?page=2`)).json()).toBe('page 2')
    expect(await (await fetch(`${API}/list?page=1`)).json()).toBe('page 1')
    const deleted = await fetch(`${API}/list?page=1`, { method: 'DELETE' })
    expect([deleted.status, await deleted.json()]).toEqual([202, 'deleted'])
  })

  it('picks the entry by body when entries share method and URL (JSON compared by value)', async () => {
    const har = await harOf([
      [post('/search', '{"q":"cats"}'), json(['cat'])],
      [post('/search', '{"q":"dogs"}'), json(['dog'])],
    ])
    server.use(...fromHar(har), http.post(`${API}/search`, () => HttpResponse.json(['hand-written'])))
    const search = async (body: string) => (await fetch(`${API}/search`, { method: 'POST', body })).json()
    expect(await search('{ "q": "dogs" }')).toEqual(['dog'])
    expect(await search('{"q":"cats"}')).toEqual(['cat'])
    // No entry has this body: the next handler answers.
    expect(await search('{"q":"birds"}')).toEqual(['hand-written'])
  })

  it('leaves a request whose body no entry recorded unhandled (not sent on to the network)', async () => {
    const har = await harOf([
      [post('/search', '{"q":"cats"}'), json(['cat'])],
      [post('/search', '{"q":"dogs"}'), json(['dog'])],
    ])
    server.use(...fromHar(har))
    const output = captureConsole()
    try {
      await expect(fetch(`${API}/search`, { method: 'POST', body: '{"q":"birds"}' })).rejects.toThrow()
      expect(output.errors().join('\n')).toContain('without a matching request handler')
    } finally {
      output.restore()
    }
  })

  it('lets `match` decide what identifies a request (ignore a query parameter)', async () => {
    const har = await harOf([[new Request(`${API}/feed?t=111`), json('feed')]])
    const withoutT = (request: Request) => {
      const url = new URL(request.url)
      url.searchParams.delete('t')
      return `${request.method} ${url.href}`
    }
    server.use(...fromHar(har, { match: withoutT }))
    expect(await (await fetch(`${API}/feed?t=999`)).json()).toBe('feed')
  })

  it('lets `match` use a header', async () => {
    const har = await harOf([
      [new Request(`${API}/me`, { headers: { 'x-user': 'ada' } }), json('ada')],
      [new Request(`${API}/me`, { headers: { 'x-user': 'bob' } }), json('bob')],
    ])
    server.use(...fromHar(har, { match: (request) => `${request.url} ${request.headers.get('x-user')}` }))
    expect(await (await fetch(`${API}/me`, { headers: { 'x-user': 'bob' } })).json()).toBe('bob')
    expect(await (await fetch(`${API}/me`, { headers: { 'x-user': 'ada' } })).json()).toBe('ada')
  })

  it('falls through to the next handler for a request it did not record, and is overridden by handlers before it', async () => {
    const har = await harOf([[new Request(`${API}/a`), json('recorded a')]])
    server.use(http.get(`${API}/a`, () => HttpResponse.json('override')), ...fromHar(har), http.get(`${API}/b`, () => HttpResponse.json('hand b')))
    expect(await (await fetch(`${API}/a`)).json()).toBe('override')
    expect(await (await fetch(`${API}/b`)).json()).toBe('hand b')
  })

  it('replays a recorded network error as a network error', async () => {
    const har = await harOf([[new Request(`${API}/down`), undefined]])
    expect(har.log.entries[0]!.response).toMatchObject({ status: 0, _error: 'network error' })
    server.use(...fromHar(har))
    await expect(fetch(`${API}/down`)).rejects.toThrow()
  })

  it('leaves out informational answers (a recorded 101 upgrade), which no Response can carry', async () => {
    const har = await harOf([[new Request(`${API}/socket`), json('after upgrade')]])
    const upgrade = JSON.parse(JSON.stringify(har.log.entries[0])) as (typeof har.log.entries)[number]
    upgrade.response.status = 101
    upgrade.response.statusText = 'Switching Protocols'
    har.log.entries.unshift(upgrade)
    server.use(...fromHar(har))
    const response = await fetch(`${API}/socket`)
    expect([response.status, await response.json()]).toEqual([200, 'after upgrade'])
  })

  it('refuses a HAR without entries, with a mocklib message', () => {
    expect(() => fromHar('{"log":{}}')).toThrow(/^\[mocklib\] The HAR has no log.entries array/)
    expect(() => fromHar('not json')).toThrow(/^\[mocklib\] The HAR text is not valid JSON/)
  })
})
