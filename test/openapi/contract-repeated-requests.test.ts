// contract() remembers the operation of the last URL it looked up, and, per operation whose parameters
// are all in the path and the query, the last URL whose parameters passed (contract.ts, check-exchange.ts):
// a test sends the same request over and over. These tests pin what those shortcuts must not change: a
// URL that differs by one character is judged in full, a refused URL is refused each time it comes back,
// the method still picks the operation, and header parameters are read on every request.
import { fileURLToPath } from 'node:url'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { contract } from '../../src/openapi/contract.js'
import type { ContractViolation } from '../../src/openapi/violation.js'

const PETSTORE_30 = fileURLToPath(new URL('./fixtures/petstore-3.0.yaml', import.meta.url))
const V1 = 'https://petstore.example.test/v1'

const rex = { id: 1, name: 'Rex', tag: 'dog', status: 'available' }
const found: ContractViolation[] = []
const server = setupServer(
  http.get(`${V1}/pets`, () => HttpResponse.json([rex])),
  http.post(`${V1}/pets`, () => HttpResponse.json(rex, { status: 201 })),
  http.get(`${V1}/pets/:petId`, () => HttpResponse.json(rex)),
  http.get(`${V1}/unknown`, () => HttpResponse.json({})),
)

beforeAll(async () => {
  const api = await contract(PETSTORE_30, { onViolation: (violation) => found.push(violation), undocumented: 'error' })
  server.listen({ onUnhandledRequest: 'error', contract: api })
})
beforeEach(() => {
  found.length = 0
})
afterAll(() => server.close())

/** Sends one request and returns `part name rule` of each violation that exchange produced. */
async function violationsOfOne(url: string, init?: RequestInit): Promise<string[]> {
  const before = found.length
  await (await fetch(url, init)).text()
  return found.slice(before).map((violation) => `${violation.part} ${violation.name ?? ''} ${violation.rule}`)
}

/** undocumented: 'error' fails the client's request: the reason it failed with. */
async function refusal(url: string): Promise<string> {
  const failure: unknown = await fetch(url).then(
    () => undefined,
    (error: unknown) => error,
  )
  if (!(failure instanceof Error)) throw new Error(`${url} was answered`)
  return `${failure.message} ${failure.cause instanceof Error ? failure.cause.message : ''}`
}

describe('query parameters of a URL that passed', () => {
  it('pass again; a URL one character apart is judged in full; a refused one is refused each time', async () => {
    expect(await violationsOfOne(`${V1}/pets?limit=20`)).toEqual([])
    expect(await violationsOfOne(`${V1}/pets?limit=20`)).toEqual([])
    expect(await violationsOfOne(`${V1}/pets?limit=200`)).toEqual(['query limit maximum'])
    expect(await violationsOfOne(`${V1}/pets?limit=200`)).toEqual(['query limit maximum'])
    expect(await violationsOfOne(`${V1}/pets?limit=20`)).toEqual([])
    expect(await violationsOfOne(`${V1}/pets?limit=0`)).toEqual(['query limit minimum'])
  })
})

describe('path parameters', () => {
  it('each path is judged by its own parameters, however often it comes back', async () => {
    expect(await violationsOfOne(`${V1}/pets/1`)).toEqual([])
    expect(await violationsOfOne(`${V1}/pets/0`)).toEqual(['path petId minimum'])
    expect(await violationsOfOne(`${V1}/pets/0`)).toEqual(['path petId minimum'])
    expect(await violationsOfOne(`${V1}/pets/1`)).toEqual([])
  })
})

describe('header parameters', () => {
  it('are read on every request of the same URL', async () => {
    const id = '3f1e2b6c-8a41-4b59-9a6f-2f0d1c3e4b5a'
    expect(await violationsOfOne(`${V1}/pets/1`, { headers: { 'x-request-id': id } })).toEqual([])
    expect(await violationsOfOne(`${V1}/pets/1`, { headers: { 'x-request-id': 'not-a-uuid' } })).toEqual(['header x-request-id format'])
    expect(await violationsOfOne(`${V1}/pets/1`, { headers: { 'x-request-id': id } })).toEqual([])
  })
})

describe('the operation of a URL', () => {
  it('is the one of the request method, the same URL as the last request or not', async () => {
    expect(await violationsOfOne(`${V1}/pets`)).toEqual([])
    expect(await violationsOfOne(`${V1}/pets`, { method: 'POST' })).toEqual(['body  required-body'])
    expect(await violationsOfOne(`${V1}/pets`)).toEqual([])
  })

  it('an undocumented URL stays undocumented when it comes back', async () => {
    expect(await refusal(`${V1}/unknown`)).toContain('describes no GET operation')
    expect(await refusal(`${V1}/unknown`)).toContain('describes no GET operation')
    expect(await violationsOfOne(`${V1}/pets`)).toEqual([])
    expect(await refusal(`${V1}/unknown`)).toContain('describes no GET operation')
  })
})
