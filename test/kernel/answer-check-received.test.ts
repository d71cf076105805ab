// AnswerCheck.checkReceived: the kernel hands checks the network's answer to a request sent on to it, and asks
// the source for a copy of that answer only when such a check is installed (a streamed passthrough body is
// otherwise neither copied nor read). Exchanges are given straight to the runtime, as a source gives them.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { http, passthrough } from '../../src/dsl/index.js'
import { createRuntime, createSingleScopeStore, HandlerScope, type AnswerCheck, type CheckedAnswer, type HttpExchange } from '../../src/kernel/index.js'

/** What a source saw of one exchange: the `report` flag of its passthrough, and how it was settled. */
interface SourceSide {
  readonly exchange: HttpExchange
  readonly reports: boolean[]
  readonly settled: string[]
}

/** An exchange as a source makes it; its network answers `real` (a fresh Response per call). */
function exchangeFor(request: Request, real: () => Response, bypassed = false): SourceSide {
  const reports: boolean[] = []
  const settled: string[] = []
  const exchange: HttpExchange = {
    kind: 'http',
    id: `id-${Math.random()}`,
    request,
    bypassed,
    respondWith: (response) => void settled.push(`mocked ${response.status}`),
    errorWith: (error) => void settled.push(`failed ${error.message}`),
    passthrough(report) {
      reports.push(report === true)
      settled.push('network')
      return Promise.resolve(report === true ? real() : undefined)
    },
  }
  return { exchange, reports, settled }
}

function runtimeWith(checks: AnswerCheck[]) {
  const runtime = createRuntime({ store: createSingleScopeStore(new HandlerScope([http.get('https://api.test/sent-on', () => passthrough())])), sources: [] })
  runtime.onUnhandledRequest = 'bypass'
  for (const check of checks) runtime.answerChecks.add(check)
  return runtime
}

const realAnswer = () => Response.json({ real: true }, { headers: { 'x-real': 'yes' } })

afterEach(() => vi.restoreAllMocks())

describe('AnswerCheck.checkReceived', () => {
  it('without a check that reads real answers, the source is asked for no copy', async () => {
    const runtime = runtimeWith([{ check: () => undefined }])
    const side = exchangeFor(new Request('https://api.test/sent-on'), realAnswer)
    await runtime.handle(side.exchange)
    expect(side.reports).toEqual([false])
  })

  it('gets the real answer of passthrough() and of an unhandled request let through, with the request as sent and the scope', async () => {
    const seen: Array<{ url: string; sentBody: string; body: unknown; scope: object }> = []
    const runtime = runtimeWith([
      {
        check: () => undefined,
        async checkReceived({ request, response, scope }: CheckedAnswer) {
          seen.push({ url: request.url, sentBody: await request.text(), body: await response.json(), scope })
        },
      },
    ])
    const sentOn = exchangeFor(new Request('https://api.test/sent-on'), realAnswer)
    const unhandled = exchangeFor(new Request('https://api.test/unhandled', { method: 'POST', body: 'as sent' }), realAnswer)
    await runtime.handle(sentOn.exchange)
    await runtime.handle(unhandled.exchange)
    await vi.waitFor(() => expect(seen).toHaveLength(2))
    expect(sentOn.reports).toEqual([true])
    expect(unhandled.reports).toEqual([true])
    expect(seen).toEqual([
      { url: 'https://api.test/sent-on', sentBody: '', body: { real: true }, scope: runtime.store.root },
      { url: 'https://api.test/unhandled', sentBody: 'as sent', body: { real: true }, scope: runtime.store.root },
    ])
  })

  it('a bypass() request is not checked (a handler makes it for itself)', async () => {
    const checkReceived = vi.fn()
    const runtime = runtimeWith([{ check: () => undefined, checkReceived }])
    const side = exchangeFor(new Request('https://api.test/sent-on'), realAnswer, true)
    await runtime.handle(side.exchange)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(checkReceived).not.toHaveBeenCalled()
  })

  it('shares the answer with response:bypass listeners and other checks: each reads its own copy', async () => {
    const bodies: unknown[] = []
    const reader = (name: string): AnswerCheck => ({ check: () => undefined, checkReceived: async ({ response }) => void bodies.push([name, await response.json()]) })
    const runtime = runtimeWith([reader('first'), reader('second')])
    runtime.emitter.on('response:bypass', ({ response }) => void response.json().then((body) => bodies.push(['event', body])))
    await runtime.handle(exchangeFor(new Request('https://api.test/sent-on'), realAnswer).exchange)
    await vi.waitFor(() => expect(bodies).toHaveLength(3))
    expect(bodies.sort()).toEqual([
      ['event', { real: true }],
      ['first', { real: true }],
      ['second', { real: true }],
    ])
  })

  it('a check that throws is printed, and changes nothing for the client', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    const runtime = runtimeWith([
      {
        check: () => undefined,
        checkReceived: () => {
          throw new Error('the check broke')
        },
      },
    ])
    const side = exchangeFor(new Request('https://api.test/sent-on'), realAnswer)
    await runtime.handle(side.exchange)
    await vi.waitFor(() => expect(printed).toHaveBeenCalledTimes(1))
    expect(String(printed.mock.calls[0]![0])).toContain('A check of the real response to GET https://api.test/sent-on threw; the response was delivered.')
    expect(side.settled).toEqual(['network'])
  })
})
