// openapi<paths>() handlers read `query` by the document's parameter schemas (numbers, booleans,
// arrays in every declared style), as their types say; a value that does not parse is a contract
// violation naming the parameter. Real fetch against setupServer; types in type-tests/openapi-petstore.test-d.ts.
import { fileURLToPath } from 'node:url'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { contract, fromOpenApi, openapi, type ContractViolation } from '../../src/openapi/index.js'
import type { paths } from './fixtures/petstore-typed.paths.js'

const DOCUMENT = fileURLToPath(new URL('./fixtures/petstore-typed.yaml', import.meta.url))
const OTHER_DOCUMENT = fileURLToPath(new URL('./fixtures/petstore-3.0.yaml', import.meta.url))
const V1 = 'https://petstore.example.test/v1'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

/** Answers the query the resolver was given, with each value's JavaScript type. */
function echoQuery(api: ReturnType<typeof openapi<paths>>) {
  return api.get('/pet-search', ({ query, response }) => {
    const types = Object.fromEntries(Object.entries(query).map(([name, value]) => [name, Array.isArray(value) ? `array of ${value.map((item) => typeof item).join(',')}` : typeof value]))
    return response(200).json([], { headers: { 'x-query': JSON.stringify(query), 'x-types': JSON.stringify(types) } })
  })
}

async function queryOf(url: string): Promise<{ query: unknown; types: unknown }> {
  const answer = await fetch(url)
  expect(answer.status, await answer.clone().text()).toBe(200)
  return { query: JSON.parse(answer.headers.get('x-query')!), types: JSON.parse(answer.headers.get('x-types')!) }
}

describe('openapi<paths>() query read by the document', () => {
  // First in the file: no contract() has been made yet in this module, so no document is known.
  it('says how to give the document when none is known, rather than handing out untyped text', async () => {
    server.use(openapi<paths>(V1).get('/pets', ({ query, response }) => response(200).json([], { headers: { 'x-limit': String(query.limit) } })))
    const answer = await fetch(`${V1}/pets?limit=2`)
    expect(answer.status).toBe(500)
    const { message } = (await answer.json()) as { message: string }
    expect(message).toContain("[mocklib] openapi().get('/pets'): query is read by the types the document gives its parameters")
    expect(message).toContain('no document known declares GET /pets')
    expect(message).toContain("openapi<paths>(baseUrl, { document: './openapi.yaml' })")
    // A document that lacks the operation says the same.
    server.use(openapi<paths>(V1, { document: OTHER_DOCUMENT }).get('/pet-search', ({ query, response }) => response(200).json([], { headers: { 'x-limit': String(query.limit) } })))
    expect(((await (await fetch(`${V1}/pet-search?limit=2`)).json()) as { message: string }).message).toContain('no document known declares GET /pet-search')
  })

  it('reads by the document fromOpenApi() read, where a typed handler overrides a generated one', async () => {
    // Second in the file: no contract() has been made yet, so only fromOpenApi() can have made the document known.
    const generated = await fromOpenApi(DOCUMENT)
    server.resetHandlers(echoQuery(openapi<paths>(V1)), ...generated)
    expect((await queryOf(`${V1}/pet-search?limit=5&adopted=false`)).query).toEqual({ limit: 5, adopted: false })
  })

  it('gives integers and numbers as numbers, booleans as booleans; absent optional parameters are absent', async () => {
    server.use(echoQuery(openapi<paths>(V1, { document: DOCUMENT })))
    expect(await queryOf(`${V1}/pet-search?limit=2&minWeight=3.5&adopted=true`)).toEqual({
      query: { limit: 2, minWeight: 3.5, adopted: true },
      types: { limit: 'number', minWeight: 'number', adopted: 'boolean' },
    })
    expect(await queryOf(`${V1}/pet-search?limit=-7&adopted=false&undeclared=x`)).toEqual({ query: { limit: -7, adopted: false }, types: { limit: 'number', adopted: 'boolean' } })
  })

  it('gives arrays in each declared style: form exploded (repeated) and not (commas), spaceDelimited, pipeDelimited', async () => {
    server.use(echoQuery(openapi<paths>(V1, { document: DOCUMENT })))
    expect(await queryOf(`${V1}/pet-search?limit=1&tags=a&tags=b%20c&ids=1,2,3&colors=red%20green+blue&sizes=10|20`)).toEqual({
      query: { limit: 1, tags: ['a', 'b c'], ids: [1, 2, 3], colors: ['red', 'green', 'blue'], sizes: [10, 20] },
      types: { limit: 'number', tags: 'array of string,string', ids: 'array of number,number,number', colors: 'array of string,string,string', sizes: 'array of number,number' },
    })
    // One value of an array parameter is still an array; an exploded list keeps its commas.
    expect(await queryOf(`${V1}/pet-search?limit=1&tags=a,b&ids=4&sizes=5`)).toEqual({
      query: { limit: 1, tags: ['a,b'], ids: [4], sizes: [5] },
      types: { limit: 'number', tags: 'array of string', ids: 'array of number', sizes: 'array of number' },
    })
    // Items by $ref, an enum without a type, an anyOf: read as openapi-typescript types them (number[], 1 | 2 | 3, number | null).
    expect(await queryOf(`${V1}/pet-search?limit=1&petIds=7&petIds=8&stars=2&age=`)).toEqual({
      query: { limit: 1, petIds: [7, 8], stars: 2, age: null },
      types: { limit: 'number', petIds: 'array of number,number', stars: 'number', age: 'object' },
    })
    expect((await queryOf(`${V1}/pet-search?limit=1&age=4`)).query).toEqual({ limit: 1, age: 4 })
    // An empty non-exploded list is the empty array.
    expect((await queryOf(`${V1}/pet-search?limit=1&ids=`)).query).toEqual({ limit: 1, ids: [] })
  })

  it('refuses a value that does not parse, naming the parameter, without calling on the resolver with it', async () => {
    const reached: unknown[] = []
    const api = openapi<paths>(V1, { document: DOCUMENT })
    server.use(
      api.get('/pet-search', ({ query, response }) => {
        reached.push(query)
        return response(200).json([])
      }),
    )
    const refused = async (search: string): Promise<string> => {
      const answer = await fetch(`${V1}/pet-search?${search}`)
      expect(answer.status).toBe(500)
      return ((await answer.json()) as { message: string }).message
    }
    const ten = await refused('limit=ten')
    expect(ten).toContain('[mocklib] The request breaks the OpenAPI contract, so its parameters cannot be read as the document types them')
    expect(ten).toContain(`GET ${V1}/pet-search?limit=ten (searchPets): request query "limit": "ten" is not an integer, as its schema asks.`)
    expect(await refused('limit=2.5')).toContain('request query "limit": "2.5" is not an integer')
    expect(await refused('limit=1&adopted=yes')).toContain('request query "adopted": "yes" is not true or false')
    expect(await refused('limit=1&ids=1,x')).toContain('request query "ids": "x" in "1,x" is not an integer, as the array\'s items schema asks.')
    expect(await refused('limit=1&sizes=1|2.5')).toContain('request query "sizes": "2.5" in "1,2.5" is not an integer')
    expect(await refused('limit=1&petIds=7&petIds=x')).toContain('request query "petIds": "x" in "7,x" is not an integer')
    expect(await refused('limit=1&age=old')).toContain('request query "age": "old" is not an integer or empty (null)')
    // An enum is a union in the types: a value outside it is refused too.
    expect(await refused('limit=1&stars=5')).toContain('request query "stars": "5" is not one of [1,2,3], as its schema asks. [rule "enum"')
    const twice = await refused('limit=1&limit=2')
    expect(twice).toContain('request query "limit": given 2 times ("1", "2"), but its schema is no array: send it once.')
    // Every parameter that does not parse is named.
    const both = await refused('limit=x&minWeight=heavy')
    expect([both.includes('"limit"'), both.includes('"minWeight": "heavy" is not a number')]).toEqual([true, true])
    expect(reached).toEqual([])
  })

  it('reads by the newest contract() that declares the operation when given no document, and contract() reports the same parameter', async () => {
    const violations: ContractViolation[] = []
    const checked = setupServer()
    checked.listen({ onUnhandledRequest: 'error', contract: await contract(DOCUMENT, { onViolation: (violation) => violations.push(violation) }) })
    try {
      checked.use(echoQuery(openapi<paths>(V1)))
      // contract() reads each style as the handler does: no violation for a pipe- or space-delimited list.
      expect(await queryOf(`${V1}/pet-search?limit=3&ids=1,2&sizes=4|5&colors=a%20b`)).toEqual({
        query: { limit: 3, ids: [1, 2], sizes: [4, 5], colors: ['a', 'b'] },
        types: { limit: 'number', ids: 'array of number,number', sizes: 'array of number,number', colors: 'array of string,string' },
      })
      expect(violations).toEqual([])
      // A number outside the schema's minimum parses (the handler reads it), and contract() reports it.
      expect((await queryOf(`${V1}/pet-search?limit=0`)).query).toEqual({ limit: 0 })
      expect(violations.map(({ name, rule }) => `${name} ${rule}`)).toEqual(['limit minimum'])
      violations.length = 0
      expect((await fetch(`${V1}/pet-search?limit=three`)).status).toBe(500)
      expect(violations.filter((violation) => violation.side === 'request').map(({ part, name, rule }) => ({ part, name, rule }))).toEqual([{ part: 'query', name: 'limit', rule: 'type' }])
    } finally {
      checked.close()
    }
  })

  it('takes the contract() object as its document, and reads the query alike in a mock builder reply', async () => {
    const api = openapi<paths>(V1, { document: await contract(DOCUMENT) })
    server.use(echoQuery(api))
    expect((await queryOf(`${V1}/pet-search?limit=4&sizes=1|2`)).query).toEqual({ limit: 4, sizes: [1, 2] })
    server.resetHandlers(api.mock.get('/pets').reply(({ query, response }) => response(200).json([{ id: query.limit ?? 1, name: (query.tag ?? []).join('+') }])))
    expect(await (await fetch(`${V1}/pets?limit=9&tag=a&tag=b`)).json()).toEqual([{ id: 9, name: 'a+b' }])
    expect(await (await fetch(`${V1}/pets?tag=x`)).json()).toEqual([{ id: 1, name: 'x' }])
  })

  it('says what was wrong with a document option that is no document', () => {
    expect(() => openapi<paths>(V1, { document: 42 as never })).toThrow(/document is the OpenAPI document paths was generated from .* got number/)
  })

  it('fails the requests with what was wrong when the given document cannot be read', async () => {
    server.use(openapi<paths>(V1, { document: '/no/such/petstore.yaml' }).get('/pets', ({ response }) => response(200).json([])))
    const answer = await fetch(`${V1}/pets`)
    expect(answer.status).toBe(500)
    expect(((await answer.json()) as { message: string }).message).toMatch(/\[mocklib\].*\/no\/such\/petstore\.yaml/)
  })
})
