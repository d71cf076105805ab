// contract() keeps, per declared body, the last body text it accepted and its content type, and passes
// the same text under the same type again without parsing it (check-exchange.ts): the commonest mock
// answers one body over and over. These tests pin what that shortcut must not change: every body is judged
// by the JSON the client receives, a body that differs from the remembered one by a single character is
// checked in full, the same text under another content type is judged by that type, and a refused body
// is refused every time it comes back.
import { fileURLToPath } from 'node:url'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { contract } from '../../src/openapi/contract.js'
import type { ContractViolation } from '../../src/openapi/violation.js'

const PETSTORE_30 = fileURLToPath(new URL('./fixtures/petstore-3.0.yaml', import.meta.url))
const V1 = 'https://petstore.example.test/v1'

const rex = { id: 1, name: 'Rex', tag: 'dog', status: 'available', birthday: '2020-02-29', weight: 12.5 }

/** What the next GET /pets/1 answers: set by each test. */
let answer: () => Response = () => HttpResponse.json(rex)
const found: ContractViolation[] = []
const server = setupServer(http.get(`${V1}/pets/:petId`, () => answer()))

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error', contract: await contract(PETSTORE_30, { onViolation: (violation) => found.push(violation) }) })
})
beforeEach(() => {
  found.length = 0
})
afterAll(() => server.close())

/** Fetches GET /pets/1 and returns the rules of the violations that exchange produced (the body still arrives). */
async function rulesOfOneFetch(): Promise<string[]> {
  const before = found.length
  const response = await fetch(`${V1}/pets/1`)
  await response.text()
  return found.slice(before).map((violation) => `${violation.pointer ?? ''} ${violation.rule}`)
}

describe('a body accepted once', () => {
  it('is accepted again, and a same-length body that breaks the schema is still refused', async () => {
    answer = () => HttpResponse.json(rex)
    expect(await rulesOfOneFetch()).toEqual([])
    expect(await rulesOfOneFetch()).toEqual([])
    // 'lost' has the length of 'sold': only the characters differ from a body the schema accepted.
    answer = () => HttpResponse.json({ ...rex, status: 'sold' })
    expect(await rulesOfOneFetch()).toEqual([])
    answer = () => HttpResponse.json({ ...rex, status: 'lost' })
    expect(await rulesOfOneFetch()).toEqual(['/status enum'])
    answer = () => HttpResponse.json({ ...rex, status: 'sold' })
    expect(await rulesOfOneFetch()).toEqual([])
  })

  it('the same text under a content type the response does not declare is refused', async () => {
    answer = () => HttpResponse.json(rex)
    expect(await rulesOfOneFetch()).toEqual([])
    answer = () => new HttpResponse(JSON.stringify(rex), { headers: { 'content-type': 'text/plain' } })
    expect(await rulesOfOneFetch()).toEqual([' declared-content-type'])
    answer = () => HttpResponse.json(rex)
    expect(await rulesOfOneFetch()).toEqual([])
  })

  it('a refused body is refused each time it is answered', async () => {
    answer = () => HttpResponse.json({ ...rex, id: 0 })
    expect(await rulesOfOneFetch()).toEqual(['/id minimum'])
    expect(await rulesOfOneFetch()).toEqual(['/id minimum'])
  })
})

describe('a value that differs from its JSON is judged by the JSON the client receives', () => {
  it('toJSON: the JSON it gives is checked, not the object', async () => {
    answer = () => HttpResponse.json({ id: 'not a number', toJSON: () => rex } as never)
    expect(await rulesOfOneFetch()).toEqual([])
    answer = () => HttpResponse.json({ ...rex, toJSON: () => ({ ...rex, id: -1 }) } as never)
    expect(await rulesOfOneFetch()).toEqual(['/id minimum'])
  })

  it('Date: the client receives an ISO date-time, which is no format "date"', async () => {
    answer = () => HttpResponse.json({ ...rex, birthday: new Date('2020-02-29T00:00:00Z') } as never)
    expect(await rulesOfOneFetch()).toEqual(['/birthday format'])
  })

  it('undefined: the property is left out of the JSON (required name missing; optional tag fine)', async () => {
    answer = () => HttpResponse.json({ ...rex, tag: undefined })
    expect(await rulesOfOneFetch()).toEqual([])
    answer = () => HttpResponse.json({ ...rex, name: undefined } as never)
    expect(await rulesOfOneFetch()).toEqual([' required'])
  })

  it('NaN and Infinity: the client receives null, which is no number', async () => {
    answer = () => HttpResponse.json({ ...rex, weight: Number.NaN })
    expect(await rulesOfOneFetch()).toEqual(['/weight type'])
    answer = () => HttpResponse.json({ ...rex, weight: Number.POSITIVE_INFINITY })
    expect(await rulesOfOneFetch()).toEqual(['/weight type'])
  })

  it('a property inherited from a prototype is not in the JSON', async () => {
    const inherited = Object.assign(Object.create({ name: 'Rex' }) as object, { id: 1 })
    answer = () => HttpResponse.json(inherited as never)
    expect(await rulesOfOneFetch()).toEqual([' required'])
  })
})
