// contract() chooses its schema engine once, when it is created: ajv (code made with `new Function`) where the
// realm allows it. A realm may refuse code generation later (a Content-Security-Policy applied after the probe,
// or Playwright's page.evaluate letting the probe pass in a page whose policy forbids 'unsafe-eval'). The check
// must then fall back to the interpreter (@cfworker/json-schema) and judge as before, not fail the request.
import { fileURLToPath } from 'node:url'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterEach, describe, expect, it } from 'vitest'
import { contract } from '../../src/openapi/contract.js'
import type { ContractViolation } from '../../src/openapi/violation.js'
import { prepareDocument } from '../../src/openapi/prepare-document.js'
import { loadSchemaCompiler } from '../../src/openapi/compiled-schemas.js'
import { DOCUMENT_URI, DocumentValidator } from '../../src/openapi/schema-validator.js'

const PETSTORE_30 = fileURLToPath(new URL('./fixtures/petstore-3.0.yaml', import.meta.url))
const V1 = 'https://petstore.example.test/v1'
const rex = { id: 1, name: 'Rex', tag: 'dog', status: 'available', birthday: '2020-02-29', weight: 12.5 }

const realFunction = globalThis.Function
afterEach(() => {
  globalThis.Function = realFunction
})

/** From now on `new Function(...)` and `Function(...)` throw as under a page's CSP; counts the attempts. */
function forbidCodeGeneration(): { attempts: number } {
  const seen = { attempts: 0 }
  const refuse = (): never => {
    seen.attempts++
    throw new EvalError("Refused to evaluate a string as JavaScript because 'unsafe-eval' is not an allowed source of script")
  }
  // A proxy, so that `instanceof Function` and Function.prototype still work everywhere else.
  globalThis.Function = new Proxy(realFunction, { construct: refuse, apply: refuse })
  return seen
}

/** The message a refused fetch carries (its own and its cause's), or `undefined` when it succeeded. */
async function failureOf(url: string, init?: RequestInit): Promise<string | undefined> {
  return fetch(url, init).then(
    async (response) => void (await response.text()),
    (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ''}`,
  )
}

describe('new Function refused after contract() chose ajv', () => {
  it('a mocked fetch is still checked, by the interpreter: valid answers pass, violations fail the request with the same message', async () => {
    // The message ajv's engine gives, for comparison: a contract made and used while code generation works.
    const compiledApi = await contract(PETSTORE_30)
    const expected = await compiledApi.violationsOf({ request: new Request(`${V1}/pets/1`), response: HttpResponse.json({ ...rex, status: 'lost' }) })
    expect(expected.map((violation) => violation.rule)).toEqual(['enum'])

    const api = await contract(PETSTORE_30, { onViolation: 'error' })
    const server = setupServer(
      http.get(`${V1}/pets`, () => HttpResponse.json([rex, { ...rex, id: 2 }])),
      http.get(`${V1}/pets/:petId`, ({ params }) => HttpResponse.json(params.petId === '1' ? { ...rex, status: 'lost' } : rex)),
    )
    server.listen({ onUnhandledRequest: 'error', contract: api })
    const seen = forbidCodeGeneration()
    try {
      // Nothing of this operation was compiled yet: its first check meets the refusal.
      expect(await failureOf(`${V1}/pets?limit=20`)).toBeUndefined()
      expect(await failureOf(`${V1}/pets?limit=500`)).toContain('request query "limit": 500')
      expect(await failureOf(`${V1}/pets/2`)).toBeUndefined()
      expect(await failureOf(`${V1}/pets/1`)).toContain(expected[0]!.message)
      expect(server.contractViolations<ContractViolation>().map((violation) => violation.rule)).toEqual(['maximum', 'enum'])
    } finally {
      server.close()
      globalThis.Function = realFunction
    }
    // One refusal, then the interpreter for every schema: no CSP report per schema or per request.
    expect(seen.attempts).toBe(1)
  })

  it('DocumentValidator: a verdict asked for after the refusal is the interpreter, and verdicts made before keep working', async () => {
    const { document } = await prepareDocument(PETSTORE_30)
    const validator = new DocumentValidator(document, await loadSchemaCompiler(document, DOCUMENT_URI))
    const madeBefore = validator.verdict('#/components/schemas/Animal')
    const seen = forbidCodeGeneration()
    const pet = validator.verdict('#/components/schemas/Pet')
    const page = validator.verdict('#/paths/~1pets/get/responses/200/content/application~1json/schema')
    expect([pet(rex), pet({ ...rex, id: 'one' }), page([rex]), page([{ ...rex, weight: 0 }])]).toEqual([true, false, true, false])
    expect([madeBefore({ kind: 'cat', lives: 9 }), madeBefore({ kind: 'cat', lives: 10 })]).toEqual([true, false])
    expect(validator.errors('#/components/schemas/Pet', { ...rex, id: 'one' }).map((error) => error.instancePointer)).toEqual(['/id'])
    expect(seen.attempts).toBe(1)
  })

  it('an error of another kind while compiling is not mistaken for a refusal', async () => {
    const { document } = await prepareDocument(PETSTORE_30)
    const validator = new DocumentValidator(document, () => {
      throw new TypeError('a compiler bug')
    })
    expect(() => validator.verdict('#/components/schemas/Pet')).toThrow('a compiler bug')
  })
})
