// msw 2 generator resolvers: once until exhausted, resetHandlers() stops them, restoreHandlers() re-arms once handlers only.
import axios from 'axios'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

const API = 'https://api.generators.test'
const server = setupServer(http.get(`${API}/*`, () => HttpResponse.text('fallback')))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const text = async (path: string) => (await fetch(`${API}${path}`)).text()
const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('generator resolvers', () => {
  it('a { once: true } generator stays active until it is exhausted', async () => {
    server.use(
      http.get(
        `${API}/once`,
        function* () {
          yield HttpResponse.text('one')
          yield HttpResponse.text('two')
          return HttpResponse.text('three')
        },
        { once: true },
      ),
    )
    expect([await text('/once'), await text('/once'), await text('/once'), await text('/once')]).toEqual(['one', 'two', 'three', 'fallback'])
    expect((await axios.get(`${API}/once`)).data).toBe('fallback')
  })

  it('without a return value, the last yielded response repeats', async () => {
    server.use(
      http.get(`${API}/last`, function* () {
        yield HttpResponse.text('a')
        yield HttpResponse.text('b')
      }),
    )
    expect([await text('/last'), await text('/last'), await text('/last'), await text('/last')]).toEqual(['a', 'b', 'b', 'b'])
  })

  it('resetHandlers() starts every current generator over and runs its finally block', async () => {
    const log: string[] = []
    const counter = http.get(`${API}/count`, function* () {
      try {
        yield HttpResponse.text('1')
        yield HttpResponse.text('2')
        return HttpResponse.text('3')
      } finally {
        log.push('finally')
      }
    })
    server.resetHandlers(counter, http.get(`${API}/*`, () => HttpResponse.text('fallback')))
    expect([await text('/count'), await text('/count')]).toEqual(['1', '2'])
    server.resetHandlers()
    await tick()
    expect(log).toEqual(['finally'])
    expect(await text('/count')).toBe('1')
  })

  it('restoreHandlers() re-arms a used-up once generator and leaves regular generators where they are', async () => {
    const once = http.get(
      `${API}/armed`,
      function* () {
        yield HttpResponse.text('first')
        return HttpResponse.text('done')
      },
      { once: true },
    )
    const regular = http.get(`${API}/regular`, function* () {
      yield HttpResponse.text('r1')
      yield HttpResponse.text('r2')
      return HttpResponse.text('r3')
    })
    server.use(once, regular)
    expect([await text('/armed'), await text('/armed'), await text('/armed')]).toEqual(['first', 'done', 'fallback'])
    expect(await text('/regular')).toBe('r1')
    server.restoreHandlers()
    expect([await text('/armed'), await text('/armed')]).toEqual(['first', 'done'])
    expect(await text('/regular')).toBe('r2')
  })

  it("an error thrown by the generator's finally is reported by reset()", async () => {
    const handler = http.get(`${API}/broken`, function* () {
      try {
        yield HttpResponse.text('x')
      } finally {
        // eslint-disable-next-line no-unsafe-finally
        throw new Error('finally failed')
      }
    })
    server.use(handler)
    expect(await text('/broken')).toBe('x')
    await expect(handler.reset()).rejects.toThrow('finally failed')
  })
})
