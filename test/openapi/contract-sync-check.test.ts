// contract()'s runtime hook answers at once when it is handed both body texts (the kernel's CheckedAnswer
// gives them for a body-less request and a string-built mocked body): no promise, so the runtime delivers the
// answer within the same call. Without them it reads copies, and says the same.
import { fileURLToPath } from 'node:url'
import { HttpResponse } from 'mocklib'
import { describe, expect, it } from 'vitest'
import { contract } from '../../src/openapi/contract.js'

const PETSTORE_30 = fileURLToPath(new URL('./fixtures/petstore-3.0.yaml', import.meta.url))
const V1 = 'https://petstore.example.test/v1'
const rex = { id: 1, name: 'Rex', tag: 'dog', status: 'available', birthday: '2020-02-29', weight: 12.5 }

/** An answer as the runtime hands it, with (`texts`) or without the parts it knows without copies. */
function answerOf(url: string, body: typeof rex | (typeof rex)[], texts: boolean) {
  const request = new Request(url)
  const response = HttpResponse.json(body)
  const scope = {}
  if (!texts) return { request, response, scope }
  return { request, response, scope, method: 'GET', url: new URL(url), requestText: '', status: 200, responseHeaders: response.headers, responseText: JSON.stringify(body) }
}

describe('OpenApiContract.check', () => {
  it('with both texts known: returns its verdict at once, the same as after reading copies', async () => {
    const api = await contract(PETSTORE_30, { onViolation: 'error' })
    const cases: [string, typeof rex | (typeof rex)[]][] = [
      [`${V1}/pets/7`, rex],
      [`${V1}/pets/7`, { ...rex, status: 'lost' }],
      [`${V1}/pets?limit=500`, [rex]],
    ]
    for (const [url, body] of cases) {
      const atOnce = api.check(answerOf(url, body, true))
      expect(atOnce).not.toBeInstanceOf(Promise)
      const later = api.check(answerOf(url, body, false))
      expect(later).toBeInstanceOf(Promise)
      expect(String(atOnce)).toBe(String(await later))
    }
    expect(String(api.check(answerOf(`${V1}/pets/7`, { ...rex, status: 'lost' }, true)))).toContain(`GET ${V1}/pets/7 (showPetById): response body at /status`)
  })

  it('keeps the violations in the scope it was handed, either way', async () => {
    const api = await contract(PETSTORE_30, { onViolation: () => {} })
    const atOnce = answerOf(`${V1}/pets?limit=500`, [rex], true)
    const later = answerOf(`${V1}/pets?limit=500`, [rex], false)
    expect(api.check(atOnce)).toBeUndefined()
    expect(await api.check(later)).toBeUndefined()
    expect(api.problemsIn(atOnce.scope).map((violation) => violation.message)).toEqual(api.problemsIn(later.scope).map((violation) => violation.message))
    expect(api.problemsIn(atOnce.scope)).toHaveLength(1)
  })
})
