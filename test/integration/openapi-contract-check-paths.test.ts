// contract()'s check takes one of two ways: synchronously, when the runtime hands it both body texts (a
// body-less request such as a plain fetch(url), and a mocked body built from a string), or by reading copies
// of the request and the response (a request body sent as bytes, a streamed mocked body, a helper body given
// custom headers). Both ways must find the same violations, word for word, through every real client, and
// under 'error' both must fail the client's request with them.
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

type Pets = typeof rex | (typeof rex)[]

/** Three ways a mock answers the same JSON: a string-built body (its text known), the same with a custom header, and a stream. */
const ANSWER_KINDS = {
  string: (body: Pets, status: number) => HttpResponse.json(body, { status }),
  'custom header': (body: Pets, status: number) => HttpResponse.json(body, { status, headers: { 'x-variant': 'headers' } }),
  stream: (body: Pets, status: number) => new Response(new Blob([JSON.stringify(body)]).stream(), { status, headers: { 'content-type': 'application/json' } }),
} as const

type AnswerKind = keyof typeof ANSWER_KINDS

/** Set per exchange: how the mocks answer. */
let kind: AnswerKind = 'string'
const found: ContractViolation[] = []
const server = setupServer(
  http.get(`${V1}/pets`, () => ANSWER_KINDS[kind]([rex], 200)),
  http.get(`${V1}/pets/:petId`, ({ params }) => ANSWER_KINDS[kind](params.petId === '1' ? rex : { ...rex, status: 'lost' }, 200)),
  http.post(`${V1}/pets`, () => ANSWER_KINDS[kind](rex, 201)),
)
beforeAll(async () => server.listen({ onUnhandledRequest: 'error', contract: await contract(PETSTORE_30, { onViolation: (violation) => found.push(violation) }) }))
afterAll(() => server.close())

/** The exchanges every client makes, each breaking the document in one place (or not at all). */
const EXCHANGES = [
  { name: 'valid', url: `${V1}/pets?limit=20`, init: undefined },
  { name: 'query out of bounds', url: `${V1}/pets?limit=500`, init: undefined },
  { name: 'mocked body out of its enum', url: `${V1}/pets/7`, init: undefined },
  { name: 'header parameter of the wrong format', url: `${V1}/pets/1`, init: { headers: { 'x-request-id': 'not-a-uuid' } } },
  { name: 'request body of the wrong type', url: `${V1}/pets`, init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Rex', tag: 3 }) } },
] as const

describe.each(clients)('through %s', (_name, client) => {
  it('finds the same violations whichever way the check took, word for word', async () => {
    const messages: Record<string, string[][]> = {}
    for (const current of Object.keys(ANSWER_KINDS) as AnswerKind[]) {
      kind = current
      messages[current] = []
      for (const exchange of EXCHANGES) {
        found.length = 0
        await client(exchange.url, exchange.init)
        messages[current]!.push(found.map((violation) => violation.message))
      }
    }
    expect(messages['custom header']).toEqual(messages.string)
    expect(messages.stream).toEqual(messages.string)
    const [valid, query, body, header, requestBody] = messages.string!
    expect(valid).toEqual([])
    expect(query).toEqual([expect.stringContaining(`GET ${V1}/pets?limit=500 (listPets): request query "limit": 500`)])
    expect(body).toEqual([expect.stringContaining(`GET ${V1}/pets/7 (showPetById): response body at /status`)])
    expect(header).toEqual([expect.stringContaining('request header "x-request-id": "not-a-uuid"')])
    expect(requestBody!.join('\n')).toContain(`POST ${V1}/pets (createPet): request body at /tag`)
  })
})

describe("under 'error', both ways fail the client's request with the violation", () => {
  const strict = setupServer(
    http.get(`${V1}/pets/:petId`, () => ANSWER_KINDS[kind]({ ...rex, status: 'lost' }, 200)),
  )
  beforeAll(async () => {
    server.close()
    strict.listen({ onUnhandledRequest: 'error', contract: await contract(PETSTORE_30, { onViolation: 'error' }) })
  })
  afterAll(() => {
    strict.close()
    server.listen({ onUnhandledRequest: 'error' })
  })

  describe.each(clients)('through %s', (_name, client) => {
    it.each(Object.keys(ANSWER_KINDS) as AnswerKind[])('a %s body', async (current) => {
      kind = current
      const failure = await client(`${V1}/pets/7`).then(
        () => 'delivered',
        (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ''}`,
      )
      expect(failure).toContain(`[mocklib] The exchange breaks the OpenAPI contract:\n  • GET ${V1}/pets/7 (showPetById): response body at /status`)
      expect(strict.contractViolations<ContractViolation>().at(-1)?.rule).toBe('enum')
    })
  })
})
