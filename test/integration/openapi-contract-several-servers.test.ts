// Several servers listening at once, one of them with a contract: a request the older (checked) server
// answers after the newer one's handler fell through is checked by the older server's contract, on the
// synchronous way (a plain fetch(url), a string-built body) and on the copy-reading way (a request body),
// through every real client; the newer server, without a contract, checks nothing.
import { fileURLToPath } from 'node:url'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contract, type ContractViolation } from '../../src/openapi/index.js'
import { clients } from './support/clients.js'
import { failOnUnhandledRejection } from './support/harness.js'

const PETSTORE_30 = fileURLToPath(new URL('../openapi/fixtures/petstore-3.0.yaml', import.meta.url))
const V1 = 'https://petstore.example.test/v1'
const rex = { id: 1, name: 'Rex', tag: 'dog', status: 'available', birthday: '2020-02-29', weight: 12.5 }

failOnUnhandledRejection()

const older = setupServer(
  http.get(`${V1}/pets/:petId`, ({ params }) => HttpResponse.json(params.petId === '1' ? rex : { ...rex, status: 'lost' })),
  http.post(`${V1}/pets`, () => HttpResponse.json(rex, { status: 201 })),
)
// Matches everything and answers nothing: each request goes on to the older server.
const newer = setupServer(http.all(`${V1}/*`, () => undefined), http.get(`${V1}/pets`, () => HttpResponse.json([{ ...rex, id: 'not a number' }])))

beforeAll(async () => {
  older.listen({ onUnhandledRequest: 'error', contract: await contract(PETSTORE_30, { onViolation: 'error' }) })
  newer.listen({ onUnhandledRequest: 'error' })
})
afterAll(() => {
  newer.close()
  older.close()
})

const failureOf = (outcome: Promise<unknown>) =>
  outcome.then(
    () => 'delivered',
    (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ''}`,
  )

describe.each(clients)('through %s', (_name, client) => {
  it("the older server's contract checks what the older server answers; the newer one's answers are not checked", async () => {
    const before = older.contractViolations<ContractViolation>().length
    expect(await failureOf(client(`${V1}/pets/1`))).toBe('delivered')
    expect(await failureOf(client(`${V1}/pets/2`))).toContain(`GET ${V1}/pets/2 (showPetById): response body at /status`)
    expect(
      await failureOf(client(`${V1}/pets`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Rex', tag: 3 }) })),
    ).toContain(`POST ${V1}/pets (createPet): request body at /tag`)
    // Drifted, but answered by the newer server, which has no contract.
    expect(await failureOf(client(`${V1}/pets`))).toBe('delivered')
    expect(older.contractViolations<ContractViolation>().slice(before).map((violation) => violation.rule)).toEqual(['enum', 'type'])
  })
})
