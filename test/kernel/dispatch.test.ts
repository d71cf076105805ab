// The kernel's dispatch, tested without any DSL: handlers of a toy "word" channel.
import { describe, expect, it } from 'vitest'
import {
  createRequestId,
  dispatch,
  HandlerScope,
  isHandler,
  RequestContext,
  RequestHandler,
  type Channel,
  type HandlerInfo,
  type HttpExchange,
  type IndexKey,
  type PartOutcome,
} from '../../src/kernel/index.js'

const pathOf = (context: RequestContext) => context.url.pathname.slice(1)

/** Splits "a+b" requests into parts when nothing answered them whole. */
const splittingChannel: Channel<RequestContext> = {
  name: 'words',
  requestKeys: (context) => {
    context.addNote(`looked up ${pathOf(context)}`)
    return [pathOf(context)]
  },
  whenUnanswered(context, redispatch) {
    const names = pathOf(context).split('+')
    if (names.length < 2) return undefined
    return (async () => {
      const outcomes: PartOutcome[] = []
      for (const name of names) outcomes.push(await redispatch(context.fork(new Request(`http://parts.test/${name}`))))
      const first = outcomes.find((outcome) => outcome.kind === 'answered')
      if (first === undefined || first.kind !== 'answered') return undefined
      const texts = await Promise.all(outcomes.map((outcome) => (outcome.kind === 'answered' ? outcome.response.text() : `unhandled: ${outcome.kind === 'unhandled' ? outcome.notes.join() : ''}`)))
      return { handler: first.handler, response: Response.json(texts) }
    })()
  },
}

class WordHandler extends RequestHandler<string> {
  readonly info: HandlerInfo
  readonly indexKey: IndexKey
  constructor(
    readonly word: string,
    options?: { once?: boolean; matchDelay?: number; answer?: (word: string) => Response | undefined },
  ) {
    super(options)
    this.info = { kind: 'word', header: word }
    this.indexKey = { channel: splittingChannel, key: word }
    this.#options = options ?? {}
  }
  #options: { matchDelay?: number; answer?: (word: string) => Response | undefined }
  match(context: RequestContext) {
    const word = pathOf(context)
    if (this.#options.matchDelay === undefined) return word
    return new Promise<string>((resolve) => setTimeout(() => resolve(word), this.#options.matchDelay))
  }
  respond(word: string) {
    if (word === 'boom') throw new Error('boom')
    if (this.#options.answer) return this.#options.answer(word)
    return new Response(word.toUpperCase())
  }
}

function exchangeFor(request: Request): HttpExchange {
  const unused = () => {
    throw new Error('not used')
  }
  return { kind: 'http', id: createRequestId(), request, respondWith: unused, errorWith: unused, passthrough: unused }
}

function resolve(handlers: RequestHandler[], url: string, onPartError?: () => void) {
  const scope = new HandlerScope(handlers)
  const context = new RequestContext(exchangeFor(new Request(url)), scope)
  return { context, outcome: dispatch(scope.list, context, onPartError) }
}

async function textOf(outcome: ReturnType<typeof dispatch>) {
  const result = await outcome
  return result.kind === 'answered' ? result.response.text() : result.kind
}

describe('dispatch', () => {
  it('handlers carry a Symbol.for brand, not a class identity', () => {
    expect(isHandler(new WordHandler('a'))).toBe(true)
    expect(isHandler({ match() {}, respond() {} })).toBe(false)
    expect(isHandler({ [Symbol.for('mocklib.handler')]: true })).toBe(true)
  })

  it('a once handler whose match is slow is not taken from a concurrent request it matches (claim after match)', async () => {
    // Request 1 is matched by the slow handler first but must not hold its use while matching.
    const slow = new WordHandler('x', { once: true, matchDelay: 30, answer: () => new Response('slow') })
    const scope = new HandlerScope([slow, new WordHandler('x', { answer: () => new Response('fallback') })])
    const contexts = [0, 1].map(() => new RequestContext(exchangeFor(new Request('http://x.test/x')), scope))
    const texts = await Promise.all(contexts.map((context) => textOf(dispatch(scope.list, context))))
    expect(texts.sort()).toEqual(['fallback', 'slow'])
  })

  it('gives the use back when the handler answers nothing, and reports "fell-through" when every match answered nothing', async () => {
    const quiet = new WordHandler('q', { once: true, answer: () => undefined })
    const { outcome } = resolve([quiet], 'http://x.test/q')
    expect((await outcome).kind).toBe('fell-through')
    expect(quiet.useCount).toBe(0)
    expect((await resolve([quiet], 'http://x.test/other').outcome).kind).toBe('unmatched')
  })

  it('lets the channel split a request no handler answered whole, crediting the first answering handler', async () => {
    const a = new WordHandler('a', { once: true })
    const { outcome } = resolve([a, new WordHandler('b')], 'http://x.test/a+c+b+a')
    const result = await outcome
    expect(result.kind === 'answered' && result.handler).toBe(a)
    expect(result.kind === 'answered' && (await result.response.json())).toEqual(['A', 'unhandled: looked up c', 'B', 'unhandled: looked up a'])
  })

  it('a handler that answers the whole request sees it whole: no split', async () => {
    const whole = new WordHandler('a+b')
    expect(await textOf(resolve([whole, new WordHandler('a'), new WordHandler('b')], 'http://x.test/a+b').outcome)).toBe('A+B')
  })

  it('reports a throwing resolver of a part and answers that part with the usual 500', async () => {
    let reported = 0
    const { outcome } = resolve([new WordHandler('boom'), new WordHandler('b')], 'http://x.test/boom+b', () => reported++)
    const result = await outcome
    const body = (result.kind === 'answered' ? await result.response.json() : []) as string[]
    expect(JSON.parse(body[0]!)).toMatchObject({ name: 'Error', message: 'boom' })
    expect(body[1]).toBe('B')
    expect(reported).toBe(1)
  })
})
