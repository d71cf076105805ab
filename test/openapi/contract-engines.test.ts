// contract() validates with schemas compiled to code (ajv) where `new Function` works, and with an
// interpreter (@cfworker/json-schema) where a Content-Security-Policy forbids it. Both must say the same:
// the same verdict for every value, the same violations (messages included) for every exchange.
import { fileURLToPath } from 'node:url'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadSchemaCompiler } from '../../src/openapi/compiled-schemas.js'
import { prepareDocument } from '../../src/openapi/prepare-document.js'
import { DOCUMENT_URI, DocumentValidator } from '../../src/openapi/schema-validator.js'

const PETSTORE_30 = fileURLToPath(new URL('./fixtures/petstore-3.0.yaml', import.meta.url))
const PETSTORE_31 = fileURLToPath(new URL('./fixtures/petstore-3.1.json', import.meta.url))
const V1 = 'https://petstore.example.test/v1'

const rex = { id: 1, name: 'Rex', tag: 'dog', status: 'available', birthday: '2020-02-29', weight: 12.5 }

/** Values each engine must judge, with the verdict the document gives them. */
const CASES_30: readonly (readonly [pointer: string, value: unknown, valid: boolean])[] = [
  ['#/components/schemas/Pet', rex, true],
  ['#/components/schemas/Pet', { ...rex, tag: null }, true],
  ['#/components/schemas/Pet', { ...rex, id: 'one' }, false],
  ['#/components/schemas/Pet', { ...rex, id: 0 }, false],
  ['#/components/schemas/Pet', { name: 'Rex' }, false],
  ['#/components/schemas/Pet', { ...rex, status: 'lost' }, false],
  ['#/components/schemas/Pet', { ...rex, birthday: '2021-02-29' }, false],
  ['#/components/schemas/Pet', { ...rex, weight: 0 }, false],
  ['#/components/schemas/Pet', { ...rex, name: '' }, false],
  ['#/components/schemas/Animal', { kind: 'cat', lives: 9 }, true],
  ['#/components/schemas/Animal', { kind: 'dog', goodBoy: true }, true],
  ['#/components/schemas/Animal', { kind: 'cat', lives: 10 }, false],
  ['#/components/schemas/Animal', { kind: 'dog', goodBoy: true, lives: 1 }, false],
  ['#/paths/~1pets/get/responses/200/content/application~1json/schema', [rex, { ...rex, id: 2 }], true],
  ['#/paths/~1pets/get/responses/200/content/application~1json/schema', [rex, { ...rex, id: -2 }], false],
  ['#/paths/~1pets/get/parameters/0/schema', 20, true],
  ['#/paths/~1pets/get/parameters/0/schema', 101, false],
  ['#/paths/~1pets/get/responses/200/headers/x-next/schema', 'https://petstore.example.test/v1/pets?page=2', true],
  ['#/paths/~1pets~1{petId}/get/parameters/0/schema', 'not-a-uuid', false],
]

const CASES_31: readonly (readonly [pointer: string, value: unknown, valid: boolean])[] = [
  ['#/components/schemas/Pet', { id: 1, name: 'Rex', tag: null, kind: 'pet', score: 9.5, tags: ['a', 'b'] }, true],
  ['#/components/schemas/Pet', { id: 1, name: 'Rex', kind: 'cat' }, false],
  ['#/components/schemas/Pet', { id: 1, name: 'Rex', score: 10 }, false],
  ['#/components/schemas/Pet', { id: 1, name: 'Rex', tags: ['a', 'a'] }, false],
  ['#/components/schemas/Pet', { id: 1, name: 'Rex', tags: ['a'] }, false],
  ['#/components/schemas/Problem', { title: 'Nope', status: 404 }, true],
  ['#/components/schemas/Problem', { title: 'Nope' }, false],
]

describe('the compiled and the interpreted validator agree', () => {
  it.each([
    ['3.0', PETSTORE_30, CASES_30],
    ['3.1', PETSTORE_31, CASES_31],
  ] as const)('on every value of the Petstore %s cases', async (_version, file, cases) => {
    const { document } = await prepareDocument(file)
    const interpreted = new DocumentValidator(document)
    const compiled = new DocumentValidator(document, await loadSchemaCompiler(document, DOCUMENT_URI))
    for (const [pointer, value, valid] of cases) {
      const label = `${pointer} ${JSON.stringify(value)}`
      expect({ label, verdict: interpreted.verdict(pointer)(value) }).toEqual({ label, verdict: valid })
      expect({ label, verdict: compiled.verdict(pointer)(value) }).toEqual({ label, verdict: valid })
      // The reasons are the interpreter's in both: the same text wherever the check runs.
      expect(compiled.errors(pointer, value)).toEqual(interpreted.errors(pointer, value))
    }
  })

  it('compiles one verdict per schema and hands the same one back', async () => {
    const { document } = await prepareDocument(PETSTORE_30)
    const compile = vi.fn(await loadSchemaCompiler(document, DOCUMENT_URI))
    const validator = new DocumentValidator(document, compile)
    const first = validator.verdict('#/components/schemas/Pet')
    expect(validator.verdict('/components/schemas/Pet')).toBe(first)
    validator.errors('#/components/schemas/Pet', rex)
    expect(compile).toHaveBeenCalledTimes(1)
  })
})

describe("under a Content-Security-Policy without 'unsafe-eval' (new Function throws)", () => {
  const realFunction = globalThis.Function
  afterEach(() => {
    globalThis.Function = realFunction
    vi.resetModules()
  })

  /** Makes `new Function(...)` and `Function(...)` throw as a page's CSP does; counts the attempts. */
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

  /** Exchanges that pass and that break the 3.0 Petstore, as a client sends them and a mock answers. */
  function exchanges(): { request: Request; response: Response }[] {
    return [
      { request: new Request(`${V1}/pets?limit=20`), response: HttpResponse.json([rex, { ...rex, id: 2 }]) },
      { request: new Request(`${V1}/pets?limit=500`), response: HttpResponse.json([rex]) },
      { request: new Request(`${V1}/pets/7`), response: HttpResponse.json({ id: 'seven', name: 7, birthday: '2021-02-29' }) },
      { request: new Request(`${V1}/pets/7`, { headers: { 'x-request-id': 'nope' } }), response: HttpResponse.json(rex) },
      { request: new Request(`${V1}/pets`, { method: 'POST', body: JSON.stringify({ tag: 3 }), headers: { 'content-type': 'application/json' } }), response: HttpResponse.json(rex, { status: 201 }) },
      { request: new Request(`${V1}/pets`), response: HttpResponse.json([rex], { headers: { 'x-next': 'not a uri' } }) },
      { request: new Request(`${V1}/animals/1`), response: HttpResponse.json({ kind: 'cat', lives: 12 }) },
    ]
  }

  it('contract() never asks for code generation past its probe, and finds the same violations, message for message', async () => {
    const { contract: compiledContract } = await import('../../src/openapi/contract.js')
    const compiled = await compiledContract(PETSTORE_30)
    const expected: string[][] = []
    for (const exchange of exchanges()) expected.push((await compiled.violationsOf(exchange)).map((violation) => violation.message))

    vi.resetModules()
    // A fresh module graph: the probe's answer is kept per module instance.
    const { contract: freshContract } = await import('../../src/openapi/contract.js')
    const seen = forbidCodeGeneration()
    const interpreted = await freshContract(PETSTORE_30)
    const found: string[][] = []
    for (const exchange of exchanges()) found.push((await interpreted.violationsOf(exchange)).map((violation) => violation.message))
    globalThis.Function = realFunction

    expect(seen.attempts).toBe(1)
    expect(found).toEqual(expected)
    expect(found[0]).toEqual([])
    expect(found[1]).toEqual([expect.stringContaining('request query "limit": 500')])
    expect(found[2]!.join('\n')).toContain(`GET ${V1}/pets/7 (showPetById): response body at /id`)
    expect(found[2]!.join('\n')).toContain('response body at /birthday')
    expect(found.flat().length).toBeGreaterThanOrEqual(7)
  })

  it('a mocked fetch is checked end to end through setupServer', async () => {
    vi.resetModules()
    const { contract: freshContract } = await import('../../src/openapi/contract.js')
    const seen = forbidCodeGeneration()
    const api = await freshContract(PETSTORE_30, { onViolation: 'error' })
    const server = setupServer(
      http.get(`${V1}/pets`, () => HttpResponse.json([rex])),
      http.get(`${V1}/pets/:petId`, () => HttpResponse.json({ ...rex, status: 'lost' })),
    )
    server.listen({ onUnhandledRequest: 'error', contract: api })
    try {
      expect(await (await fetch(`${V1}/pets?limit=1`)).json()).toEqual([rex])
      const failure = await fetch(`${V1}/pets/1`).then(
        () => undefined,
        (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ''}`,
      )
      expect(failure).toContain('response body at /status')
      expect(server.contractViolations()).toHaveLength(1)
    } finally {
      server.close()
      globalThis.Function = realFunction
    }
    expect(seen.attempts).toBe(1)
  })
})
