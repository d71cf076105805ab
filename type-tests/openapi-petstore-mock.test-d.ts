// openapi<paths>().mock: the `mock` builder typed from the contract, on openapi-typescript's output for
// test/openapi/fixtures/petstore-typed.yaml: templates, query and body matchers, reply(status, body, init), history.
import { expectTypeOf } from 'expect-type'
import { setupServer } from 'mocklib/node'
import type { RestMock } from 'mocklib'
import { openapi } from '../src/openapi/index.js'
import type { components, paths } from '../test/openapi/fixtures/petstore-typed.paths.js'

type Pet = components['schemas']['Pet']
type NewPet = components['schemas']['NewPet']
const petstore = openapi<paths>('https://petstore.example.test/v1')

// The example: a built mock is an ordinary REST mock, usable as a handler.
const rex = petstore.mock.get('/pets/{petId}').reply(200, { id: 1, name: 'Rex' })
expectTypeOf(rex).toEqualTypeOf<RestMock<{ readonly petId: string }, unknown, Pet>>()
setupServer(rex, petstore.mock.get('/pets').reply(200, []).once())

// --- Templates: only those that declare the method, as the document writes them.
petstore.mock.delete('/pets/{petId}').reply(204)
petstore.mock.put('/pets/{petId}/description').reply(204)
// @ts-expect-error /pets/mine has no DELETE
petstore.mock.delete('/pets/mine')
// @ts-expect-error /pets has no PATCH
petstore.mock.patch('/pets')
// @ts-expect-error mocklib's :param grammar is not the document's template
petstore.mock.get('/pets/:petId')
// @ts-expect-error a path the document does not have
petstore.mock.get('/owners')

// --- reply(status, body): declared statuses only, each with its body type.
petstore.mock.get('/pets/{petId}').reply(404, { code: 404, message: 'No such pet' })
// @ts-expect-error 500 is not declared for showPetById (200, 404), nor a range or default
petstore.mock.get('/pets/{petId}').reply(500, { code: 500, message: 'boom' })
// @ts-expect-error the 200 body is a Pet: name is required
petstore.mock.get('/pets/{petId}').reply(200, { id: 1 })
// @ts-expect-error the 200 body is a Pet: id is an integer
petstore.mock.get('/pets/{petId}').reply(200, { id: '1', name: 'Rex' })
// @ts-expect-error the 404 body is an Error, not a Pet
petstore.mock.get('/pets/{petId}').reply(404, { id: 1, name: 'Rex' })
// @ts-expect-error 200 declares content: a body is required
petstore.mock.get('/pets/{petId}').reply(200)
// @ts-expect-error '200' as a string is not a status
petstore.mock.get('/pets/{petId}').reply('200', { id: 1, name: 'Rex' })
// @ts-expect-error 204 declares no content: no body
petstore.mock.delete('/pets/{petId}').reply(204, { deleted: true })
// @ts-expect-error 200 is not declared for deletePet
petstore.mock.delete('/pets/{petId}').reply(200)

// 'default' answers any other status, with its body.
expectTypeOf(petstore.mock.get('/pets').reply(503, { code: 503, message: 'down' })).toEqualTypeOf<RestMock<{}, unknown, components['schemas']['Error']>>()
// @ts-expect-error the default body is an Error
petstore.mock.get('/pets').reply(503, [])
// @ts-expect-error a status outside 200–599 is refused (the builder would throw)
petstore.mock.get('/pets').reply(600, { code: 600, message: 'no' })

// --- Headers: a required response header is required; a declared media type other than application/json is named.
petstore.mock.post('/pets').reply(201, { id: 1, name: 'Rex' }, { headers: { location: '/pets/1' } })
// @ts-expect-error 201 requires the location header
petstore.mock.post('/pets').reply(201, { id: 1, name: 'Rex' })
// @ts-expect-error location is a string
petstore.mock.post('/pets').reply(201, { id: 1, name: 'Rex' }, { headers: { location: 1 } })
// 4XX (a range) declares application/problem+json only: the reply names it.
petstore.mock.post('/pets').reply(422, { code: 422, message: 'bad' }, { headers: { 'content-type': 'application/problem+json' } })
// @ts-expect-error application/problem+json must be named (the builder would send application/json)
petstore.mock.post('/pets').reply(422, { code: 422, message: 'bad' })
// @ts-expect-error 4XX covers 400–499 only (createPet has no default)
petstore.mock.post('/pets').reply(503, { code: 503, message: 'down' })
// text/* content: a string body.
petstore.mock.get('/pets/{petId}/description').reply(200, 'A good dog')
// @ts-expect-error text/* content takes a string
petstore.mock.get('/pets/{petId}/description').reply(200, { text: 'A good dog' })

// --- reply(resolver): as a typed handler's resolver.
petstore.mock.get('/stores/{store-id}/search').reply(({ params, query, response }) => {
  expectTypeOf(params).toEqualTypeOf<{ readonly 'store-id': string }>()
  expectTypeOf(query).toEqualTypeOf<{ readonly q: string }>()
  return response(200).json({ store: params['store-id'], q: query.q })
})
// @ts-expect-error a resolver answers with response(status): a plain Response is not checked against the contract
petstore.mock.get('/pets/mine').reply(() => new Response('[]'))
// @ts-expect-error response(500) is not declared
petstore.mock.get('/pets/{petId}').reply(({ response }) => response(500).json({ code: 500, message: 'x' }))

// --- query(): the operation's query parameters only.
petstore.mock.get('/pets').query({ limit: '10', tag: /^dog/ }).reply(200, [])
petstore.mock.get('/pets').query((search) => search.has('tag')).reply(200, [])
// @ts-expect-error offset is not a query parameter of listPets
petstore.mock.get('/pets').query({ offset: '10' })
// @ts-expect-error showPetById has no query parameters
petstore.mock.get('/pets/{petId}').query({ limit: '1' })
petstore.mock.get('/pets/{petId}').headers({ authorization: /^Bearer / }).cookies({ session: 'abc' }).reply(200, { id: 1, name: 'Rex' })

// --- body(): the declared JSON request body, matched partially.
petstore.mock.post('/pets').body({ name: 'Rex' }).reply(201, { id: 1, name: 'Rex' }, { headers: { location: '/pets/1' } })
petstore.mock.post('/pets').body((pet) => {
  expectTypeOf(pet).toEqualTypeOf<NewPet>()
  return pet.name.length > 0
})
// @ts-expect-error NewPet has no owner
petstore.mock.post('/pets').body({ owner: 'me' })
// @ts-expect-error name is a string
petstore.mock.post('/pets').body({ name: 1 })
// @ts-expect-error showPetById declares no JSON request body
petstore.mock.get('/pets/{petId}').body({ name: 'Rex' })
// @ts-expect-error once per mock
petstore.mock.post('/pets').body({ name: 'Rex' }).body({ tag: 'dog' })

// --- History: params by mocklib's names, the body as declared.
const created = petstore.mock.post('/pets').reply(201, { id: 1, name: 'Rex' }, { headers: { location: '/pets/1' } })
expectTypeOf(created.calls[0]!.body).toEqualTypeOf<NewPet>()
expectTypeOf(created.calls[0]!.params).toEqualTypeOf<{}>()
const shown = petstore.mock.get('/pets/{petId}').reply(200, { id: 1, name: 'Rex' })
expectTypeOf(shown.calls[0]!.params.petId).toEqualTypeOf<string>()
const searched = petstore.mock.get('/stores/{store-id}/search').reply(200, { store: 's', q: 'q' })
expectTypeOf(searched.calls[0]!.params).toEqualTypeOf<{ readonly store_id: string }>()

// --- Unfinished builders and answered mocks: the builder's own misuse rules.
// @ts-expect-error an unfinished builder is not a handler
setupServer(petstore.mock.get('/pets/{petId}'))
// @ts-expect-error the mock already has an answer
petstore.mock.get('/pets/mine').reply(200, []).reply(200, [])
// @ts-expect-error one usage limit
petstore.mock.get('/pets/mine').reply(200, []).once().persist()
petstore.mock.get('/pets/mine').networkError().once()
petstore.mock.get('/pets/mine').passthrough()
petstore.mock.get('/pets/mine').replyWith(new Response('[]'))
