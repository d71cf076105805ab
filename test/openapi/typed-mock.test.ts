// openapi<paths>().mock: mocklib's `mock` builder under the document's templates, answered to real clients
// through setupServer. Its types are tested in type-tests/openapi-petstore-mock.test-d.ts (and on GitHub's
// description in type-tests/openapi-github/); this file checks what the built mocks do at run time.
import { fileURLToPath } from 'node:url'
import { RestMock } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { contract, openapi } from '../../src/openapi/index.js'
import { clients } from '../integration/support/clients.js'
import type { paths } from './fixtures/petstore-typed.paths.js'

const DOCUMENT = fileURLToPath(new URL('./fixtures/petstore-typed.yaml', import.meta.url))
const V1 = 'https://petstore.example.test/v1'
const petstore = openapi<paths>(V1, { document: DOCUMENT })
const server = setupServer()

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('openapi<paths>().mock', () => {
  for (const [name, client] of clients) {
    it(`answers ${name} with the declared status, body and headers, under the base URL and the document's template`, async () => {
      const created = petstore.mock.post('/pets').body({ name: 'Rex' }).reply(201, { id: 1, name: 'Rex' }, { headers: { location: `${V1}/pets/1` } })
      server.use(created, petstore.mock.get('/pets/{petId}').reply(200, { id: 7, name: 'Rex' }))
      const shown = await client(`${V1}/pets/7`)
      expect([shown.status, shown.headers['content-type'], JSON.parse(shown.body)]).toEqual([200, 'application/json', { id: 7, name: 'Rex' }])
      const reply = await client(`${V1}/pets`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Rex', tag: 'dog' }) })
      expect([reply.status, reply.headers.location, JSON.parse(reply.body)]).toEqual([201, `${V1}/pets/1`, { id: 1, name: 'Rex' }])
      expect(created.calls.map((call) => call.body)).toEqual([{ name: 'Rex', tag: 'dog' }])
    })
  }

  it('builds mocklib mocks: the header names the template in mocklib grammar, and history keeps params and body', async () => {
    const shown = petstore.mock.get('/pets/{petId}').reply(200, { id: 1, name: 'Rex' })
    expect(shown).toBeInstanceOf(RestMock)
    expect(shown.info.header).toBe(`GET ${V1}/pets/:petId`)
    server.use(shown)
    await fetch(`${V1}/pets/3`)
    await fetch(`${V1}/pets/4`)
    expect(shown.callCount).toBe(2)
    expect(shown.calls.map((call) => [call.params.petId, call.status])).toEqual([
      ['3', 200],
      ['4', 200],
    ])
  })

  it('matches the query by the operation names, and falls through to the next mock when it does not match', async () => {
    server.use(petstore.mock.get('/pets').query({ tag: 'dog' }).reply(200, [{ id: 2, name: 'Rex', tag: 'dog' }]), petstore.mock.get('/pets').reply(200, []))
    expect(await (await fetch(`${V1}/pets?tag=dog`)).json()).toEqual([{ id: 2, name: 'Rex', tag: 'dog' }])
    expect(await (await fetch(`${V1}/pets?tag=cat`)).json()).toEqual([])
  })

  it("answers a status that 'default' or a range covers, with the named media type", async () => {
    server.use(
      petstore.mock.get('/pets').reply(503, { code: 503, message: 'down' }),
      petstore.mock.post('/pets').reply(422, { code: 422, message: 'name is empty' }, { headers: { 'content-type': 'application/problem+json' } }),
      petstore.mock.get('/pets/{petId}/description').reply(200, 'A good dog'),
      petstore.mock.delete('/pets/{petId}').reply(204),
    )
    const down = await fetch(`${V1}/pets`)
    expect([down.status, await down.json()]).toEqual([503, { code: 503, message: 'down' }])
    const refused = await fetch(`${V1}/pets`, { method: 'POST', body: '{}' })
    expect([refused.status, refused.headers.get('content-type')]).toEqual([422, 'application/problem+json'])
    const text = await fetch(`${V1}/pets/1/description`)
    expect([text.headers.get('content-type'), await text.text()]).toEqual(['text/plain', 'A good dog'])
    const deleted = await fetch(`${V1}/pets/1`, { method: 'DELETE' })
    expect([deleted.status, await deleted.text()]).toEqual([204, ''])
  })

  it('hands reply(resolver) params under the document names, the parsed query and response(status); history keeps mocklib names', async () => {
    const search = petstore.mock.get('/stores/{store-id}/search').reply(({ params, query, response }) => response(200).json({ store: params['store-id'], q: query.q }))
    server.use(search)
    expect(await (await fetch(`${V1}/stores/north%20side/search?q=cat`)).json()).toEqual({ store: 'north side', q: 'cat' })
    expect(search.calls[0]?.params).toEqual({ store_id: 'north side' })
  })

  it('counts toward assertDone(): a pending mock is listed by its template until it is called', async () => {
    const once = petstore.mock.get('/pets/mine').reply(200, []).once()
    server.use(once)
    expect(() => server.assertDone()).toThrow(`GET ${V1}/pets/mine`)
    expect((await fetch(`${V1}/pets/mine`)).status).toBe(200)
    expect(() => server.assertDone()).not.toThrow()
    expect(once.isDone()).toBe(true)
    // Used up: the next request is unhandled.
    await expect(fetch(`${V1}/pets/mine`)).rejects.toThrow()
  })

  it('keeps the builder behaviour: networkError(), one body step, an answer once', async () => {
    server.use(petstore.mock.get('/pets/mine').networkError())
    await expect(fetch(`${V1}/pets/mine`)).rejects.toThrow()
    const withBody = petstore.mock.post('/pets').body({ name: 'Rex' })
    expect(() => (withBody.body as (matcher: unknown) => unknown)({ name: 'Kitty' })).toThrow(/\.body\(\) was called twice/)
    const built = petstore.mock.get('/pets/mine').reply(200, [])
    expect(() => (built.reply as (status: number) => unknown)(200)).toThrow(/already has an answer/)
  })

  it('says what was wrong with a bad template', () => {
    expect(() => (petstore.mock.get as (template: unknown) => unknown)('pets')).toThrow(/openapi\(\)\.mock\.get\(\) takes a path template of the document, such as '\/pets\/\{petId\}' \(got "pets"\)/)
  })

  it('is checked by contract() like any handler: a reply that drifts from the document is caught', async () => {
    const checked = setupServer()
    checked.listen({ onUnhandledRequest: 'error', contract: await contract(DOCUMENT, { onViolation: 'error' }) })
    try {
      checked.use(
        // /pets/mine first: /pets/{petId} matches it too.
        petstore.mock.get('/pets/mine').reply(200, [{ id: 1, name: 'Rex' }]),
        // A cast: this reply does not compile (id must be an integer); plain JavaScript can still make it.
        petstore.mock.get('/pets/{petId}').reply(200, { id: 'seven', name: 'Rex' } as never),
      )
      expect(await (await fetch(`${V1}/pets/mine`)).json()).toEqual([{ id: 1, name: 'Rex' }])
      await expect(fetch(`${V1}/pets/7`)).rejects.toThrow()
      expect(checked.contractViolations().map((violation) => violation.message)).toEqual([expect.stringContaining('GET https://petstore.example.test/v1/pets/7 (showPetById): response body at /id')])
    } finally {
      checked.close()
    }
  })
})
