// The kernel's generic request-splitter hook, tested without GraphQL: a channel whose
// splitter cuts "a+b" requests into parts that the ordinary dispatch resolves one by one.
import { describe, expect, it } from 'vitest'
import {
  dispatchSplittable,
  HandlerScope,
  RequestContext,
  RequestHandler,
  type Channel,
  type HandlerInfo,
  type IndexKey,
  type PartOutcome,
  type RequestSplitter,
} from '../../src/kernel/index.js'

const pathOf = (context: RequestContext) => context.url.pathname.slice(1)

const splitter: RequestSplitter = {
  split(context) {
    const names = pathOf(context).split('+')
    if (names.length < 2) return null
    return {
      parts: names.map((name) => context.fork(new Request(`http://parts.test/${name}`))),
      combine: async (outcomes) => Response.json(await Promise.all(outcomes.map(describeOutcome))),
    }
  },
}
const describeOutcome = (outcome: PartOutcome) => (outcome.kind === 'answered' ? outcome.response.text() : `unhandled: ${outcome.notes.join()}`)
const lookUp = (context: RequestContext) => {
  context.addNote(`looked up ${pathOf(context)}`)
  return [pathOf(context)]
}
const splittingChannel: Channel = { name: 'words', splitter, requestKeys: lookUp }
const plainChannel: Channel = { name: 'plain', requestKeys: (context) => [pathOf(context)] }

class WordHandler extends RequestHandler {
  readonly info: HandlerInfo
  readonly indexKey: IndexKey
  constructor(readonly word: string, channel: Channel, options?: { once?: boolean }) {
    super(options)
    this.info = { kind: 'word', header: word }
    this.indexKey = { channel, key: word }
  }
  handle() {
    if (this.word === 'boom') throw new Error('boom')
    return new Response(this.word.toUpperCase())
  }
}

function resolve(handlers: RequestHandler[], url: string, onPartError?: () => void) {
  const scope = new HandlerScope(handlers)
  const context = new RequestContext(new Request(url), 'id', scope)
  return { context, match: dispatchSplittable(scope.list, context, onPartError) }
}

describe('dispatchSplittable', () => {
  it('is plain dispatch when no channel of the list has a splitter', async () => {
    const { match } = resolve([new WordHandler('a+b', plainChannel)], 'http://x.test/a+b')
    expect(await (await match)?.response.text()).toBe('A+B')
  })

  it('dispatches each part on its own and combines the answers in order, crediting the first answering handler', async () => {
    const a = new WordHandler('a', splittingChannel, { once: true })
    const { match } = resolve([a, new WordHandler('b', splittingChannel)], 'http://x.test/a+c+b+a')
    const result = await match
    expect(result?.handler).toBe(a)
    expect(await result?.response.json()).toEqual(['A', 'unhandled: looked up c', 'B', 'unhandled: looked up a'])
  })

  it('reports a throwing resolver of a part and answers that part with the usual 500', async () => {
    let reported = 0
    const { match } = resolve([new WordHandler('boom', splittingChannel), new WordHandler('b', splittingChannel)], 'http://x.test/boom+b', () => reported++)
    const body = (await (await match)?.response.json()) as string[]
    expect(JSON.parse(body[0]!)).toMatchObject({ name: 'Error', message: 'boom' })
    expect(body[1]).toBe('B')
    expect(reported).toBe(1)
  })

  it('is unhandled when no part is answered, copying the parts\' notes to the request', async () => {
    const { context, match } = resolve([new WordHandler('z', splittingChannel)], 'http://x.test/a+b')
    expect(await match).toBeUndefined()
    expect(context.notes).toEqual(['part 1 of 2: looked up a', 'part 2 of 2: looked up b'])
    const fork = context.fork(new Request('http://x.test/q'))
    fork.addNote('why')
    fork.addNote('why')
    expect(fork.notes).toEqual(['why'])
    expect(fork.requestId).toBe('id')
  })
})
