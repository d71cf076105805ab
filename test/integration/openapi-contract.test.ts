// contract() + server.listen({ contract }): every mocked exchange of a documented operation is checked against
// the OpenAPI document, whatever handler answered, through every real Node client.
import { fileURLToPath } from 'node:url'
import { http, HttpResponse, mock } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { contract, fromOpenApi, type ContractViolation } from '../../src/openapi/index.js'
import { clients } from './support/clients.js'
import { failOnUnhandledRejection } from './support/harness.js'

const PETSTORE_30 = fileURLToPath(new URL('../openapi/fixtures/petstore-3.0.yaml', import.meta.url))
const PETSTORE_31 = fileURLToPath(new URL('../openapi/fixtures/petstore-3.1.json', import.meta.url))
const V1 = 'https://petstore.example.test/v1'
const V2 = 'https://petstore31.example.test/v2'

failOnUnhandledRejection()

describe("onViolation: 'error' fails the client's request, like an unhandled request under 'error'", () => {
  const server = setupServer(
    // A drifted mock: the document says id is an integer and name a string.
    http.get(`${V1}/pets/:petId`, () => HttpResponse.json({ id: 'seven', name: 7 })),
    http.get(`${V1}/pets`, () => HttpResponse.json([{ id: 1, name: 'Rex' }])),
    http.get('https://elsewhere.example.test/free', () => HttpResponse.text('not in the document')),
  )
  beforeAll(async () => server.listen({ onUnhandledRequest: 'error', contract: await contract(PETSTORE_30, { onViolation: 'error' }) }))
  afterEach(() => server.resetHandlers())
  afterAll(() => server.close())

  describe.each(clients)('through %s', (_name, client) => {
    it('rejects the drifted answer, naming the request, the operation, the body pointer, the rule and where it is', async () => {
      const failure = await client(`${V1}/pets/7`).then(
        () => undefined,
        (error: unknown) => error as Error & { cause?: Error },
      )
      expect(failure).toBeDefined()
      const text = `${failure!.message} ${failure!.cause?.message ?? ''}`
      // fetch-like clients put the reason in `cause`, node:http and axios in the message
      expect(text).toContain(`GET ${V1}/pets/7 (showPetById): response body at /id`)
      expect(text).toContain('[rule "type" at #/components/schemas/Pet/allOf/1/properties/id/type]')
      expect(text).toContain('response body at /name')
    })

    it('delivers an answer that keeps the contract, and one for an operation the document does not describe', async () => {
      expect(JSON.parse((await client(`${V1}/pets?limit=10`)).body)).toEqual([{ id: 1, name: 'Rex' }])
      expect((await client('https://elsewhere.example.test/free')).body).toBe('not in the document')
    })
  })

  it('keeps the violations of the scope: contractViolations() lists them, assertContract() throws listing them', async () => {
    await server.boundary(async () => {
      await fetch(`${V1}/pets/1`).catch(() => undefined)
      const violations = server.contractViolations<ContractViolation>()
      expect(violations.map((violation) => [violation.side, violation.part, violation.pointer, violation.rule])).toEqual([
        ['response', 'body', '/name', 'type'],
        ['response', 'body', '/id', 'type'],
      ])
      expect(() => server.assertContract()).toThrow(/2 contract violations:\n {2}1\. GET https:\/\/petstore\.example\.test\/v1\/pets\/1 \(showPetById\)/)
    })()
    // The boundary's violations stay in the boundary.
    await server.boundary(async () => {
      expect(server.contractViolations()).toEqual([])
      expect(() => server.assertContract()).not.toThrow()
    })()
  })
})

describe('the request side: parameters and body', () => {
  const server = setupServer(...[])
  let seen: ContractViolation[] = []
  beforeAll(async () => {
    server.use(...(await fromOpenApi(PETSTORE_30)), ...(await fromOpenApi(PETSTORE_31)))
    const both = [await contract(PETSTORE_30, { onViolation: (violation) => seen.push(violation) }), await contract(PETSTORE_31, { onViolation: (violation) => seen.push(violation) })]
    // One contract per listen(): check both documents with a small composite.
    server.listen({
      onUnhandledRequest: 'error',
      contract: {
        check: async (answer) => {
          for (const api of both) await api.check({ ...answer, request: answer.request.clone(), response: answer.response.clone() })
        },
        problemsIn: (scope) => both.flatMap((api) => api.problemsIn(scope)),
      },
    })
  })
  afterEach(() => (seen = []))
  afterAll(() => server.close())

  it("finds nothing wrong with fromOpenApi's own answers to valid requests", async () => {
    await fetch(`${V1}/pets?limit=5&tag=a&tag=b`)
    await fetch(`${V1}/pets/3`, { headers: { 'x-request-id': '0b6f5a2e-2f3c-4b7a-9a3e-2d1c5e6f7a8b' } })
    await fetch(`${V1}/pets`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Rex', tag: null }) })
    await fetch(`${V2}/pets/12`)
    expect(seen.map((violation) => violation.message)).toEqual([])
  })

  it('reports query, path and header parameters out of their schemas (coerced from text as the schema types them)', async () => {
    await fetch(`${V1}/pets?limit=1000`)
    await fetch(`${V1}/pets/abc`, { headers: { 'x-request-id': 'not-a-uuid' } })
    await fetch(`${V2}/pets/x1`)
    expect(seen.map((violation) => [violation.operation, violation.part, violation.name, violation.rule])).toEqual([
      ['listPets', 'query', 'limit', 'maximum'],
      ['showPetById', 'path', 'petId', 'type'],
      ['showPetById', 'header', 'x-request-id', 'format'],
      ['showPetById', 'path', 'petId', 'pattern'],
    ])
    expect(seen[0]!.message).toContain(`GET ${V1}/pets?limit=1000 (listPets): request query "limit": 1000:`)
    expect(seen[0]!.documentPointer).toBe('#/paths/~1pets/get/parameters/0/schema/maximum')
  })

  it('reports a missing required body, an undeclared content type, and a body out of its schema', async () => {
    await fetch(`${V1}/pets`, { method: 'POST' })
    await fetch(`${V1}/pets`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'Rex' })
    await fetch(`${V1}/pets`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: '' }) })
    expect(seen.map((violation) => [violation.side, violation.part, violation.pointer, violation.rule])).toEqual([
      ['request', 'body', '', 'required-body'],
      ['request', 'content-type', undefined, 'declared-content-type'],
      ['request', 'body', '/name', 'minLength'],
    ])
  })
})

describe('the response side, whatever handler answered', () => {
  const server = setupServer()
  const seen: ContractViolation[] = []
  beforeAll(async () => server.listen({ contract: await contract(PETSTORE_31, { onViolation: (violation) => seen.push(violation) }) }))
  afterEach(() => {
    server.resetHandlers()
    seen.length = 0
  })
  afterAll(() => server.close())

  it('an undeclared status, a missing required header, an undeclared content type', async () => {
    server.use(
      http.get(`${V2}/pets/:id`, () => HttpResponse.json({ id: 1, name: 'a' }, { status: 418 })),
      http.post(`${V2}/pets`, ({ request }) =>
        new URL(request.url).searchParams.has('text') ? HttpResponse.text('created', { status: 201, headers: { location: '/v2/pets/1' } }) : HttpResponse.json({ id: 1, name: 'a' }, { status: 201 }),
      ),
    )
    await fetch(`${V2}/pets/1`)
    await fetch(`${V2}/pets`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"a"}' })
    await fetch(`${V2}/pets?text`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"a"}' })
    expect(seen.map((violation) => [violation.part, violation.name, violation.rule])).toEqual([
      ['status', undefined, 'declared-status'],
      ['header', 'location', 'required-header'],
      ['content-type', undefined, 'declared-content-type'],
    ])
    expect(seen[0]!.message).toContain('status 418 is not declared (declared: 200, 404)')
  })

  it('checks answers of the mock builder too', async () => {
    server.use(mock.get(`${V2}/pets`).reply(200, [{ id: 0, name: 'zero' }]))
    await fetch(`${V2}/pets`)
    expect(seen.map((violation) => [violation.pointer, violation.rule, violation.documentPointer])).toEqual([['/0/id', 'minimum', '#/components/schemas/Pet/allOf/1/properties/id/minimum']])
  })
})

describe("onViolation: 'warn' and undocumented operations", () => {
  it("'warn' prints the violation and delivers the answer; undocumented: 'error' fails requests the document does not describe", async () => {
    const server = setupServer(
      http.get(`${V1}/pets`, () => HttpResponse.json([{ id: 'x', name: 'Rex' }])),
      http.get(`${V1}/toys`, () => HttpResponse.json([])),
    )
    server.listen({ contract: await contract(PETSTORE_30, { onViolation: 'warn', undocumented: 'error' }) })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const response = await fetch(`${V1}/pets`)
      expect(await response.json()).toEqual([{ id: 'x', name: 'Rex' }])
      expect(warn).toHaveBeenCalledTimes(1)
      expect(String(warn.mock.calls[0]![0])).toContain(`GET ${V1}/pets (listPets): response body at /0/id`)
      await expect(fetch(`${V1}/toys`)).rejects.toThrow()
      expect(server.contractViolations<ContractViolation>().map((violation) => violation.rule)).toEqual(['type', 'undocumented'])
    } finally {
      warn.mockRestore()
      server.close()
    }
  })
})
