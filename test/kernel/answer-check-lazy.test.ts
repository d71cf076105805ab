// AnswerCheck.check: what the runtime hands a check of a mocked answer, and what it costs. The status, headers,
// method, URL and (when known) body texts come without copies; the copies of the request and the response are
// made when a check reads them, during the check; a plain fetch(url) (a source that says it is bodyless) is
// never built for the checks; checks that return synchronously deliver the answer within the runtime's call.
// Exchanges are given straight to the runtime, as a source gives them.
import { describe, expect, it } from 'vitest'
import { http, HttpResponse } from '../../src/dsl/index.js'
import { createRuntime, createSingleScopeStore, HandlerScope, type AnswerCheck, type CheckedAnswer, type Handler, type HttpExchange } from '../../src/kernel/index.js'

/** What a source saw of one exchange: how it was settled, the body the client got, and how often its Request was built. */
interface SourceSide {
  readonly exchange: HttpExchange
  readonly settled: string[]
  readonly built: { count: number }
}

/** An exchange as a source makes it. `plain`: a plain `fetch(url)`, whose Request the source builds on first read. */
function exchangeFor(make: () => Request, options: { plain?: boolean; bodyText?: string } = {}): SourceSide {
  const settled: string[] = []
  const built = { count: 0 }
  let request: Request | undefined = options.plain === true ? undefined : make()
  const url = new URL(make().url)
  const exchange: HttpExchange = {
    kind: 'http',
    id: `id-${Math.random()}`,
    get request() {
      if (request === undefined) {
        built.count++
        request = make()
      }
      return request
    },
    ...(options.plain === true && { method: 'GET', url, bodyless: true }),
    ...(options.bodyText !== undefined && { bodyText: options.bodyText }),
    respondWith: (response) => {
      settled.push(`mocked ${response.status}`)
      void response.text().then((body) => settled.push(`body ${body}`))
    },
    errorWith: (error) => void settled.push(`failed ${error.message}`),
    passthrough: () => Promise.resolve(undefined),
  }
  return { exchange, settled, built }
}

function runtimeWith(handlers: Handler[], checks: AnswerCheck[]) {
  const runtime = createRuntime({ store: createSingleScopeStore(new HandlerScope(handlers)), sources: [] })
  runtime.onUnhandledRequest = 'error'
  for (const check of checks) runtime.answerChecks.add(check)
  return runtime
}

const PETS = [{ id: 1, name: 'Rex' }]
const petsHandler = http.get('https://api.test/pets', () => HttpResponse.json(PETS))

describe('AnswerCheck.check: what a check is handed', () => {
  it('the parts of a plain fetch(url) and a string-built answer, without building the request or copying the response', async () => {
    const seen: unknown[] = []
    const runtime = runtimeWith([petsHandler], [
      {
        check: (answer: CheckedAnswer) =>
          void seen.push({ method: answer.method, url: answer.url.href, requestText: answer.requestText, status: answer.status, type: answer.responseHeaders.get('content-type'), responseText: answer.responseText }),
      },
    ])
    const side = exchangeFor(() => new Request('https://api.test/pets?limit=1'), { plain: true })
    await runtime.handle(side.exchange)
    expect(seen).toEqual([{ method: 'GET', url: 'https://api.test/pets?limit=1', requestText: '', status: 200, type: 'application/json', responseText: JSON.stringify(PETS) }])
    expect(side.built.count).toBe(0)
    await Promise.resolve()
    expect(side.settled).toEqual(['mocked 200', `body ${JSON.stringify(PETS)}`])
  })

  it('checks that answer at once deliver the answer within the runtime call (no promise in between)', () => {
    const runtime = runtimeWith([petsHandler], [{ check: () => undefined }, { check: ({ status }) => (status === 200 ? undefined : new Error('not 200')) }])
    const side = exchangeFor(() => new Request('https://api.test/pets'), { plain: true })
    void runtime.handle(side.exchange)
    expect(side.settled).toEqual(['mocked 200'])
  })

  it('request and response are unread copies made on reading: the client still gets the whole body', async () => {
    const read: string[] = []
    const runtime = runtimeWith([petsHandler], [
      {
        async check({ request, response }) {
          read.push(`${request.method} ${request.url}`, await response.text())
        },
      },
    ])
    const side = exchangeFor(() => new Request('https://api.test/pets'), { plain: true })
    await runtime.handle(side.exchange)
    await Promise.resolve()
    expect(read).toEqual(['GET https://api.test/pets', JSON.stringify(PETS)])
    expect(side.built.count).toBe(1)
    expect(side.settled).toEqual(['mocked 200', `body ${JSON.stringify(PETS)}`])
  })

  it('the response read after the check (the answer was delivered) is refused with a message that says why', async () => {
    let kept: CheckedAnswer | undefined
    const runtime = runtimeWith([petsHandler], [{ check: (answer) => void (kept = answer) }])
    await runtime.handle(exchangeFor(() => new Request('https://api.test/pets'), { plain: true }).exchange)
    expect(() => kept!.response).toThrow('CheckedAnswer.response was read after the check: the answer was delivered. Read it during check()')
    expect(kept!.status).toBe(200)
  })

  it('a request body the resolver read is still whole in the check; a string body is also given as text', async () => {
    const echo = http.post('https://api.test/echo', async ({ request }) => HttpResponse.text(`got ${await request.text()}`))
    const seen: unknown[] = []
    const runtime = runtimeWith([echo], [
      {
        async check(answer) {
          seen.push([answer.requestText, await answer.request.text(), answer.responseText])
        },
      },
    ])
    const post = (body: string) => () => new Request('https://api.test/echo', { method: 'POST', body })
    const streamed = exchangeFor(post('as bytes'))
    const stringed = exchangeFor(post('as a string'), { bodyText: 'as a string' })
    await runtime.handle(streamed.exchange)
    await runtime.handle(stringed.exchange)
    expect(seen).toEqual([
      [undefined, 'as bytes', 'got as bytes'],
      ['as a string', 'as a string', 'got as a string'],
    ])
  })

  it('a response whose body is a stream has no known text: the check reads its copy, and the client the original', async () => {
    const streamed = http.get('https://api.test/stream', () => new Response(new Blob(['streamed body']).stream(), { headers: { 'content-type': 'text/plain' } }))
    const seen: unknown[] = []
    const runtime = runtimeWith([streamed], [{ check: async (answer) => void seen.push(answer.responseText, await answer.response.text()) }])
    const side = exchangeFor(() => new Request('https://api.test/stream'), { plain: true })
    await runtime.handle(side.exchange)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(seen).toEqual([undefined, 'streamed body'])
    expect(side.settled).toEqual(['mocked 200', 'body streamed body'])
  })
})

describe('AnswerCheck.check: verdicts', () => {
  it('the first Error wins, whether a check returns it at once or after a promise; later checks do not run', async () => {
    const ran: string[] = []
    const runtime = runtimeWith([petsHandler], [
      { check: () => void ran.push('sync') },
      { check: () => Promise.resolve().then(() => void ran.push('async')) },
      { check: () => (ran.push('refuses'), new Error('refused by the third check')) },
      { check: () => void ran.push('never') },
    ])
    const side = exchangeFor(() => new Request('https://api.test/pets'), { plain: true })
    await runtime.handle(side.exchange)
    expect(ran).toEqual(['sync', 'async', 'refuses'])
    expect(side.settled).toEqual(['failed refused by the third check'])
  })

  it('a check that throws, at once or in its promise, fails the request with what it threw', async () => {
    for (const check of [
      () => {
        throw new Error('the check broke')
      },
      async () => {
        throw new Error('the check broke')
      },
    ]) {
      const runtime = runtimeWith([petsHandler], [{ check }])
      const side = exchangeFor(() => new Request('https://api.test/pets'), { plain: true })
      await runtime.handle(side.exchange)
      expect(side.settled).toEqual(['failed the check broke'])
    }
  })

  it('a Response.error() answer is not checked; no checks, nothing built', async () => {
    const failing = http.get('https://api.test/down', () => Response.error())
    const check = { calls: 0, check: () => void check.calls++ }
    const runtime = runtimeWith([failing, petsHandler], [check])
    await runtime.handle(exchangeFor(() => new Request('https://api.test/down'), { plain: true }).exchange)
    expect(check.calls).toBe(0)
    const unchecked = runtimeWith([petsHandler], [])
    const side = exchangeFor(() => new Request('https://api.test/pets'), { plain: true })
    await unchecked.handle(side.exchange)
    expect(side.built.count).toBe(0)
  })
})
