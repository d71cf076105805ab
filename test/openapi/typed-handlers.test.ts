// openapi<paths>(): handlers typed from openapi-typescript's `paths`, answered to real fetch through setupServer.
// Their types are tested in type-tests/openapi-*.test-d.ts; this file checks what they do at run time.
import { fileURLToPath } from 'node:url'
import { http, HttpResponse, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { contract, openapi } from '../../src/openapi/index.js'
import type { paths } from './fixtures/petstore-typed.paths.js'

const DOCUMENT = fileURLToPath(new URL('./fixtures/petstore-typed.yaml', import.meta.url))
const V1 = 'https://petstore.example.test/v1'
const petstore = openapi<paths>(V1, { document: DOCUMENT })

const showPet = petstore.get('/pets/{petId}', ({ params, response }) =>
  params.petId === '404' ? response(404).json({ code: 404, message: 'No such pet' }) : response(200).json({ id: Number(params.petId), name: 'Rex' }),
)
const server = setupServer(showPet)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('openapi<paths>() handlers', () => {
  it('match the template as the document writes it, under the base URL, with params by their names', async () => {
    const rex = await fetch(`${V1}/pets/7`)
    expect(rex.status).toBe(200)
    expect(rex.headers.get('content-type')).toBe('application/json')
    expect(await rex.json()).toEqual({ id: 7, name: 'Rex' })
    const missing = await fetch(`${V1}/pets/404`)
    expect([missing.status, await missing.json()]).toEqual([404, { code: 404, message: 'No such pet' }])
    // Not under the base URL: not this handler's request.
    await expect(fetch('https://elsewhere.example.test/v1/pets/7')).rejects.toThrow()
  })

  it('give the query read by the document: an integer as a number, an array parameter as an array however often it is given', async () => {
    const seen: unknown[] = []
    server.use(
      petstore.get('/pets', ({ query, response }) => {
        seen.push(query)
        return response(200).json([])
      }),
    )
    await fetch(`${V1}/pets?limit=10&tag=a&tag=b`)
    await fetch(`${V1}/pets?tag=only`)
    await fetch(`${V1}/pets?tag=a%20b&tag=`)
    expect(seen).toEqual([{ limit: 10, tag: ['a', 'b'] }, { tag: ['only'] }, { tag: ['a b', ''] }])
  })

  it('give params whose names are no identifiers ({store-id}) under the document name, URL-decoded', async () => {
    server.use(petstore.get('/stores/{store-id}/search', ({ params, query, response }) => response(200).json({ store: params['store-id'], q: query.q })))
    expect(await (await fetch(`${V1}/stores/north%20side/search?q=cat`)).json()).toEqual({ store: 'north side', q: 'cat' })
  })

  it('read the JSON request body, and answer a required header', async () => {
    server.use(
      petstore.post('/pets', async ({ request, response }) => {
        const pet = await request.json()
        return response(201).json({ id: 3, ...pet }, { headers: { location: `${V1}/pets/3`, 'x-extra': 'free' } })
      }),
    )
    const created = await fetch(`${V1}/pets`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Kitty', tag: null }) })
    expect(created.status).toBe(201)
    expect(created.headers.get('location')).toBe(`${V1}/pets/3`)
    expect(created.headers.get('x-extra')).toBe('free')
    expect(await created.json()).toEqual({ id: 3, name: 'Kitty', tag: null })
  })

  it("answer a range or 'default' with the status the init gives, and a declared JSON type other than application/json", async () => {
    server.use(
      petstore.post('/pets', ({ response }) => response('4XX').json({ code: 422, message: 'name is empty' }, { status: 422, contentType: 'application/problem+json' })),
      petstore.get('/pets', ({ response }) => response('default').json({ code: 503, message: 'down' }, { status: 503 })),
    )
    const refused = await fetch(`${V1}/pets`, { method: 'POST', body: '{}' })
    expect([refused.status, refused.headers.get('content-type')]).toEqual([422, 'application/problem+json'])
    const down = await fetch(`${V1}/pets`)
    expect([down.status, await down.json()]).toEqual([503, { code: 503, message: 'down' }])
  })

  it("answer 'default' with 500 when the init names no status", async () => {
    server.use(petstore.get('/pets', ({ response }) => response('default').json({ code: 500, message: 'unexpected' })))
    const failed = await fetch(`${V1}/pets`)
    expect([failed.status, failed.headers.get('content-type'), await failed.json()]).toEqual([500, 'application/json', { code: 500, message: 'unexpected' }])
  })

  it('say what was wrong when a range answer is given a status outside it, or no status', async () => {
    server.use(
      // Casts: these calls do not compile (type-tests/openapi-petstore.test-d.ts); plain JavaScript can still make them.
      petstore.post('/pets', ({ response }) => response('4XX').json({ code: 500, message: 'x' }, { status: 500 } as never)),
    )
    const outside = await fetch(`${V1}/pets`, { method: 'POST', body: '{}' })
    expect(outside.status).toBe(500)
    expect(await outside.text()).toContain("response('4XX') was given status 500, which is outside 4XX")
    server.use(petstore.post('/pets', ({ response }) => (response('4XX').json as (body: unknown, init: unknown) => never)({ code: 1, message: 'x' }, { contentType: 'application/problem+json' })))
    const none = await fetch(`${V1}/pets`, { method: 'POST', body: '{}' })
    expect(await none.text()).toContain("response('4XX') names no one status: pass it in the init")
  })

  it('answer text of a declared text type, and an empty body', async () => {
    server.use(
      petstore.get('/pets/{petId}/description', ({ params, response }) => response(200).text(`# Pet ${params.petId}`, { contentType: 'text/markdown' })),
      petstore.delete('/pets/{petId}', ({ response }) => response(204).empty()),
      petstore.put('/pets/{petId}/description', async ({ request, response }) => {
        expect(await request.text()).toBe('A good dog')
        return response(204).empty({ headers: { 'x-stored': 'yes' } })
      }),
    )
    const text = await fetch(`${V1}/pets/5/description`)
    expect([text.headers.get('content-type'), await text.text()]).toEqual(['text/markdown', '# Pet 5'])
    const deleted = await fetch(`${V1}/pets/5`, { method: 'DELETE' })
    expect([deleted.status, deleted.headers.get('content-type'), await deleted.text()]).toEqual([204, null, ''])
    const stored = await fetch(`${V1}/pets/5/description`, { method: 'PUT', body: 'A good dog' })
    expect([stored.status, stored.headers.get('x-stored')]).toEqual([204, 'yes'])
  })

  it('fall through when the resolver returns nothing, and let any Response through response.untyped()', async () => {
    server.use(
      petstore.get('/pets/{petId}', ({ params, response }) => (params.petId === '1' ? response.untyped(HttpResponse.text('teapot', { status: 418 })) : undefined)),
    )
    expect((await fetch(`${V1}/pets/1`)).status).toBe(418)
    expect(await (await fetch(`${V1}/pets/2`)).json()).toEqual({ id: 2, name: 'Rex' })
  })

  it('are ordinary handlers: listHandlers, boundary, once, lifecycle events, mixed with http.*', async () => {
    expect(server.listHandlers()).toEqual([showPet])
    expect(showPet.info.header).toBe(`GET ${V1}/pets/:petId`)
    const matched: string[] = []
    const listener = ({ request }: { request: Request }) => void matched.push(`${request.method} ${request.url}`)
    server.events.on('request:match', listener)
    await server.boundary(async () => {
      server.use(
        petstore.get('/pets/mine', ({ response }) => response(200).json([{ id: 9, name: 'Mine' }]), { once: true }),
        http.get(`${V1}/pets/mine`, () => HttpResponse.json([])),
      )
      expect(await (await fetch(`${V1}/pets/mine`)).json()).toEqual([{ id: 9, name: 'Mine' }])
      expect(await (await fetch(`${V1}/pets/mine`)).json()).toEqual([])
    })()
    server.events.removeListener('request:match', listener)
    expect(server.listHandlers()).toEqual([showPet])
    expect(matched).toEqual([`GET ${V1}/pets/mine`, `GET ${V1}/pets/mine`])
  })

  it("a base URL of '' matches the template on any origin", async () => {
    const anywhere = openapi<paths>('')
    server.use(anywhere.get('/pets/mine', ({ response }) => response(200).json([])))
    expect((await fetch('https://any.example.test/pets/mine')).status).toBe(200)
  })

  it('say what was wrong with a bad template or resolver', () => {
    expect(() => (petstore.get as (path: unknown, resolver: unknown) => unknown)('pets', () => undefined)).toThrow(/takes a path template of the document, such as '\/pets\/\{petId\}' \(got "pets"\)/)
    expect(() => (petstore.get as (path: unknown, resolver: unknown) => unknown)('/pets', 'no')).toThrow(/the resolver must be a function \(got string\)/)
    expect(() => openapi(42 as never)).toThrow(/takes the URL the API is served under as a string \(got number\)/)
  })
})

describe('openapi<paths>() handlers under contract()', () => {
  it('are checked like any handler: an untyped answer that drifts from the document is caught', async () => {
    const checked = setupServer()
    checked.listen({ onUnhandledRequest: 'error', contract: await contract(DOCUMENT, { onViolation: 'error' }) })
    try {
      checked.use(
        // /pets/mine first: /pets/{petId} matches it too.
        petstore.get('/pets/mine', ({ response }) => response(200).json([{ id: 1, name: 'Rex', status: 'sold' }])),
        petstore.get('/pets/{petId}', ({ response }) => response.untyped(HttpResponse.json({ id: 'seven', name: 'Rex' }))),
      )
      await expect(fetch(`${V1}/pets/7`)).rejects.toThrow()
      expect(await (await fetch(`${V1}/pets/mine`)).json()).toEqual([{ id: 1, name: 'Rex', status: 'sold' }])
      expect(checked.contractViolations().map((violation) => violation.message)).toEqual([expect.stringContaining('GET https://petstore.example.test/v1/pets/7 (showPetById): response body at /id')])
    } finally {
      checked.close()
    }
  })

  it('let passthrough() through response.untyped()', async () => {
    server.use(petstore.get('/pets/mine', ({ response }) => response.untyped(passthrough())))
    // Passed through to the network, where the test host does not resolve.
    await expect(fetch(`${V1}/pets/mine`)).rejects.toThrow()
  })
})
