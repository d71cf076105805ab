// The step table generates the builders: every step it lists exists on the builders it names (and
// only there), every answer exists on both, and a built mock refuses each of them with a sentence.
// A built mock is a decorator over a plain http.* / graphql.* handler.
import { http, HttpResponse, isHandler, mock } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ANSWER_TABLE, STEP_TABLE, type MockKind } from '../../src/dsl/mock/step-table.js'
import { API, viaFetch } from './support.js'

type Methods = Record<string, ((...args: unknown[]) => unknown) | undefined>

const builders: Record<MockKind, () => Methods> = {
  rest: () => mock.post(`${API}/table`) as unknown as Methods,
  graphql: () => mock.query('TableQuery') as unknown as Methods,
}
const built: Record<MockKind, () => Methods> = {
  rest: () => mock.post(`${API}/table`).reply(200) as unknown as Methods,
  graphql: () => mock.query('TableQuery').reply({ data: {} }) as unknown as Methods,
}
const header: Record<MockKind, string> = { rest: `POST ${API}/table`, graphql: 'query TableQuery' }
const kinds = Object.keys(builders) as MockKind[]
const steps = Object.entries(STEP_TABLE) as [keyof typeof STEP_TABLE, { builders: readonly MockKind[] }][]

describe('the step table generates the builders', () => {
  it('lists at least the documented steps and answers', () => {
    expect(Object.keys(STEP_TABLE).sort()).toEqual(['body', 'cookies', 'headers', 'query', 'variables'])
    expect(Object.keys(ANSWER_TABLE).sort()).toEqual(['networkError', 'passthrough', 'reply', 'replyWith'])
  })

  for (const kind of kinds) {
    for (const [name, row] of steps) {
      const listed = row.builders.includes(kind)
      it(`${kind} builder ${listed ? 'has' : 'lacks'} .${name}()`, () => {
        expect(typeof builders[kind]()[name]).toBe(listed ? 'function' : 'undefined')
      })
      if (listed) {
        it(`a built ${kind} mock refuses .${name}() with a sentence`, () => {
          expect(() => built[kind]()[name]!({})).toThrow(`[mocklib] .${name}() was called on mock "${header[kind]}" after its answer. Matching steps come first:`)
        })
      }
    }
    for (const name of Object.keys(ANSWER_TABLE)) {
      it(`${kind} builder answers with .${name}(), and a built mock refuses it`, () => {
        expect(typeof builders[kind]()[name]).toBe('function')
        expect(() => built[kind]()[name]!()).toThrow(`[mocklib] mock "${header[kind]}" already has an answer, so .${name}() cannot be called on it.`)
      })
    }
  }

  it('a step the table marks once-only throws on its second call', () => {
    const once = steps.filter(([, row]) => 'once' in row)
    expect(once.map(([name]) => name)).toEqual(['body'])
    const builder = mock.post(`${API}/table`).body({ a: 1 }) as unknown as Methods
    expect(() => builder.body!({ b: 2 })).toThrow(`[mocklib] .body() was called twice on mock "POST ${API}/table".`)
  })

  it('each step returns a new builder: a partial builder can be reused', () => {
    const base = mock.get(`${API}/table`)
    const withQuery = base.query({ page: '1' })
    expect(withQuery).not.toBe(base)
    expect(base.reply(200).description).toBe(`GET ${API}/table`)
    expect(withQuery.reply(200).description).toBe(`GET ${API}/table query(page="1")`)
  })
})

describe('a built mock decorates a plain handler', () => {
  const server = setupServer()
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => server.resetHandlers())
  afterAll(() => server.close())

  it('is a handler whose index key is the wrapped http.* handler’s', () => {
    const built = mock.get(`${API}/posts/:id`).reply(200)
    expect(isHandler(built)).toBe(true)
    expect(built.kind).toBe('http')
    const plain = http.get(`${API}/posts/:id`, () => undefined)
    expect(built.indexKey).toEqual(plain.indexKey)
    expect(built.info).toEqual({ kind: 'mock', header: `GET ${API}/posts/:id` })
  })

  it('answers through the wrapped handler’s resolver: finalize() runs as for http.* resolvers', async () => {
    const cleaned: string[] = []
    const posts = mock.get(`${API}/posts/:id`).reply(({ params, finalize }) => {
      finalize(() => void cleaned.push(params.id))
      return HttpResponse.text(`post ${params.id}`)
    })
    server.use(posts)
    expect((await viaFetch(`${API}/posts/7`)).body).toBe('post 7')
    expect(cleaned).toEqual(['7'])
    expect(posts.calls[0]?.params).toEqual({ id: '7' })
  })

  it('restoreHandlers() starts a generator answer over and clears the calls', async () => {
    const steps = mock.get(`${API}/gen`).reply(function* () {
      yield HttpResponse.text('1')
      yield HttpResponse.text('2')
      return HttpResponse.text('last')
    })
    server.use(steps)
    expect((await viaFetch(`${API}/gen`)).body).toBe('1')
    expect((await viaFetch(`${API}/gen`)).body).toBe('2')
    server.restoreHandlers()
    expect(steps.callCount).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect((await viaFetch(`${API}/gen`)).body).toBe('1')
  })
})
