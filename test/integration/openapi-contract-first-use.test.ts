// What runs the answer checks is loaded on first use (listen({ contract }) starts the load). A request made in
// the same tick as listen() finds it still loading: that first checked request waits for it, and must then be
// answered exactly as the next one is, whether the contract reports violations or refuses the answer ('error'),
// through a lone server and through a chain of servers (the older one holding the contract). Each test loads
// mocklib afresh (vi.resetModules), so its first request really is the first one of that mocklib.
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clients, type Client } from './support/clients.js'
import { failOnUnhandledRejection } from './support/harness.js'

const PETSTORE_30 = fileURLToPath(new URL('../openapi/fixtures/petstore-3.0.yaml', import.meta.url))
const V1 = 'https://petstore.example.test/v1'
const rex = { id: 1, name: 'Rex', tag: 'dog', status: 'available', birthday: '2020-02-29', weight: 12.5 }

failOnUnhandledRejection()

/** What the client saw: the answer, or the failure with its cause (where the contract's reason is). */
const outcomeOf = (reply: ReturnType<Client>) =>
  reply.then(
    ({ status, body }) => `delivered ${status} ${body}`,
    (error: Error & { cause?: Error }) => `failed ${error.message} ${error.cause?.message ?? ''}`,
  )

let closeAll: () => void = () => undefined
afterEach(() => closeAll())

/** A fresh mocklib whose answer checks have not loaded, with servers listening in the same tick as `request`. */
async function firstAndNext(client: Client, onViolation: 'error' | 'report', chained: boolean) {
  vi.resetModules()
  const { http, HttpResponse } = await import('mocklib')
  const { setupServer } = await import('mocklib/node')
  const { contract } = await import('../../src/openapi/index.js')
  const { answerChecking } = await import('../../src/kernel/http-flow.js')
  const reported: string[] = []
  const checks = await contract(PETSTORE_30, { onViolation: onViolation === 'error' ? 'error' : (violation) => void reported.push(violation.message) })
  // The mocked pet 7 is 'lost', out of the document's enum; pet 1 keeps the contract.
  const withContract = setupServer(http.get(`${V1}/pets/:petId`, ({ params }) => HttpResponse.json(params.petId === '1' ? rex : { ...rex, status: 'lost' })))
  const newer = chained ? setupServer(http.get(`${V1}/other`, () => HttpResponse.text('other'))) : undefined
  closeAll = () => {
    newer?.close()
    withContract.close()
  }
  const loadedBefore = answerChecking.loaded
  withContract.listen({ onUnhandledRequest: 'error', contract: checks })
  newer?.listen({ onUnhandledRequest: 'error' })
  const first = outcomeOf(client(`${V1}/pets/7`))
  const loadedInTheSameTick = answerChecking.loaded
  const outcomes = { firstBroken: await first, nextBroken: await outcomeOf(client(`${V1}/pets/7`)), kept: await outcomeOf(client(`${V1}/pets/1`)) }
  return { loadedBefore, loadedInTheSameTick, outcomes, reported, violations: withContract.contractViolations().map((violation) => violation.message) }
}

describe.each(clients)('through %s', (_name, client) => {
  for (const chained of [false, true]) {
    const servers = chained ? 'an older server of two' : 'a lone server'
    it(`${servers}, onViolation 'error': the first request, made as listen() returns, is refused as the next one is`, async () => {
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
      try {
        const { loadedBefore, loadedInTheSameTick, outcomes, violations } = await firstAndNext(client, 'error', chained)
        expect(loadedBefore).toBeUndefined()
        expect(loadedInTheSameTick).toBeUndefined()
        expect(outcomes.firstBroken).toMatch(/^failed /)
        expect(outcomes.firstBroken).toContain(`[mocklib] The exchange breaks the OpenAPI contract:\n  • GET ${V1}/pets/7 (showPetById): response body at /status`)
        expect(outcomes.firstBroken).toBe(outcomes.nextBroken)
        expect(outcomes.kept).toBe(`delivered 200 ${JSON.stringify(rex)}`)
        expect(violations).toHaveLength(2)
        expect(violations[0]).toBe(violations[1])
      } finally {
        consoleError.mockRestore()
      }
    })

    it(`${servers}, violations reported: the first request, made as listen() returns, is checked as the next one is`, async () => {
      const { loadedBefore, loadedInTheSameTick, outcomes, reported, violations } = await firstAndNext(client, 'report', chained)
      expect(loadedBefore).toBeUndefined()
      expect(loadedInTheSameTick).toBeUndefined()
      expect(outcomes.firstBroken).toBe(`delivered 200 ${JSON.stringify({ ...rex, status: 'lost' })}`)
      expect(outcomes.nextBroken).toBe(outcomes.firstBroken)
      expect(outcomes.kept).toBe(`delivered 200 ${JSON.stringify(rex)}`)
      expect(reported).toHaveLength(2)
      expect(reported[0]).toContain(`GET ${V1}/pets/7 (showPetById): response body at /status`)
      expect(reported[0]).toBe(reported[1])
      expect(violations).toEqual(reported)
    })
  }
})
