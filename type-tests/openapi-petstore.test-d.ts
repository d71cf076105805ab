// openapi<paths>() typing, on openapi-typescript's output for test/openapi/fixtures/petstore-typed.yaml
// (and petstore-3.0.yaml): templates, params, query, request body, and response(status) with its media types and headers.
import { expectTypeOf } from 'expect-type'
import type { HttpHandler, StrictRequest } from 'mocklib'
import { openapi, type ContractResponse } from '../src/openapi/index.js'
import type { components, paths } from '../test/openapi/fixtures/petstore-typed.paths.js'
import type { paths as paths30 } from '../test/openapi/fixtures/petstore-3.0.paths.js'

type Pet = components['schemas']['Pet']
type NewPet = components['schemas']['NewPet']
const petstore = openapi<paths>('https://petstore.example.test/v1')

// The example.
expectTypeOf(petstore.get('/pets/{petId}', ({ params, response }) => response(200).json({ id: Number(params.petId), name: 'Rex' }))).toEqualTypeOf<HttpHandler>()

// --- Templates: only those that declare the method, written as the document writes them.
petstore.get('/pets/mine', ({ response }) => response(200).json([]))
petstore.delete('/pets/{petId}', ({ response }) => response(204).empty())
// @ts-expect-error /pets/mine has no DELETE
petstore.delete('/pets/mine', ({ response }) => response.untyped(new Response()))
// @ts-expect-error /pets has no PATCH
petstore.patch('/pets', ({ response }) => response.untyped(new Response()))
// @ts-expect-error mocklib's :param grammar is not the document's template
petstore.get('/pets/:petId', ({ response }) => response.untyped(new Response()))
// @ts-expect-error a path the document does not have
petstore.get('/owners', ({ response }) => response.untyped(new Response()))

// --- Params: by the template's names, strings as they arrive in the URL.
petstore.get('/pets/{petId}', ({ params, response }) => {
  expectTypeOf(params).toEqualTypeOf<{ readonly petId: string }>()
  // @ts-expect-error no such param
  void params.id
  return response(200).json({ id: 1, name: 'Rex' })
})
petstore.get('/stores/{store-id}/search', ({ params, query, response }) => {
  expectTypeOf(params).toEqualTypeOf<{ readonly 'store-id': string }>()
  // A required query parameter is required; others optional.
  expectTypeOf(query).toEqualTypeOf<{ readonly q: string }>()
  return response(200).json({ store: params['store-id'], q: query.q })
})

// --- Query: the operation's names, read by their schemas (type-tests/openapi-typed-query.test-d.ts has every form).
petstore.get('/pets', ({ query, response }) => {
  expectTypeOf(query).toEqualTypeOf<{ readonly limit?: number; readonly tag?: string[] }>()
  // @ts-expect-error not a query parameter of listPets
  void query.offset
  return response(200).json([])
})
petstore.get('/pets/mine', ({ query, response }) => {
  expectTypeOf(query).toEqualTypeOf<{}>()
  return response(200).json([])
})

// --- Request body: request.json() is the JSON request body; no JSON body, a plain Request.
petstore.post('/pets', async ({ request, response }) => {
  expectTypeOf(request).toEqualTypeOf<StrictRequest<NewPet>>()
  const pet = await request.json()
  expectTypeOf(pet.name).toEqualTypeOf<string>()
  return response(201).json({ id: 1, ...pet }, { headers: { location: '/pets/1' } })
})
petstore.put('/pets/{petId}/description', ({ request, response }) => {
  expectTypeOf(request).toEqualTypeOf<Request>()
  return response(204).empty()
})

// --- response(status): declared statuses only, each with its media types and body types.
petstore.get('/pets/{petId}', ({ response }) => {
  // @ts-expect-error 500 is not declared for showPetById (200, 404)
  response(500)
  // @ts-expect-error '200' as a string is not how openapi-typescript writes the status
  response('200')
  // @ts-expect-error the 200 body is a Pet: name is required
  response(200).json({ id: 1 })
  // @ts-expect-error the 200 body is a Pet: id is an integer
  response(200).json({ id: '1', name: 'Rex' })
  // @ts-expect-error the 404 body is an Error, not a Pet
  response(404).json({ id: 1, name: 'Rex' })
  // @ts-expect-error 200 declares JSON only: no text
  response(200).text('Rex')
  // @ts-expect-error 200 declares content: no empty answer
  response(200).empty()
  expectTypeOf(response(200).json).parameter(0).toEqualTypeOf<Pet>()
  return response(404).json({ code: 404, message: 'No such pet' })
})
petstore.delete('/pets/{petId}', ({ response }) => {
  // @ts-expect-error 204 declares no content: no JSON body
  response(204).json({})
  return response(204).empty()
})
petstore.get('/pets/{petId}/description', ({ response }) => {
  response(200).text('plain')
  response(200).text('# Markdown', { contentType: 'text/markdown' })
  // @ts-expect-error text/html is not declared
  response(200).text('<p>', { contentType: 'text/html' })
  // @ts-expect-error a text body is text
  response(200).text(42)
  return response(200).text('A good dog')
})

// --- Headers: a required declared header is required; declared ones are typed; others are free.
petstore.post('/pets', ({ response }) => {
  // @ts-expect-error 201 declares a required `location` header
  response(201).json({ id: 1, name: 'Rex' })
  // @ts-expect-error headers are text
  response(201).json({ id: 1, name: 'Rex' }, { headers: { location: '/pets/1', 'x-count': 2 } })
  return response(201).json({ id: 1, name: 'Rex' }, { headers: { location: '/pets/1', 'x-trace': 'abc' } })
})
petstore.get('/pets', ({ response }) => {
  response(200).json([], { headers: { 'x-next': 'https://petstore.example.test/v1/pets?page=2' } })
  // @ts-expect-error a fixed status takes no status in the init
  response(200).json([], { status: 201 })
  // 'default' answers 500 unless the init names another status (type-tests/openapi-typed-query.test-d.ts).
  response('default').json({ code: 1, message: 'down' })
  return response('default').json({ code: 503, message: 'down' }, { status: 503 })
})

// --- Ranges and media types other than application/json: the init names them.
petstore.post('/pets', ({ response }) => {
  // @ts-expect-error 4XX declares application/problem+json only: the answer names it
  response('4XX').json({ code: 400, message: 'bad' }, { status: 400 })
  // @ts-expect-error a range needs a status
  response('4XX').json({ code: 400, message: 'bad' }, { contentType: 'application/problem+json' })
  return response('4XX').json({ code: 400, message: 'bad' }, { status: 400, contentType: 'application/problem+json' })
})

// --- What a resolver may return: typed answers, nothing (fall through), response.untyped().
petstore.get('/pets/mine', () => undefined)
petstore.get('/pets/mine', async ({ response }) => response(200).json([]))
petstore.get('/pets/mine', ({ response }) => response.untyped(new Response('anything', { status: 500 })))
// @ts-expect-error a plain Response skips the contract's types: use response.untyped()
petstore.get('/pets/mine', () => new Response('[]'))
const answered = petstore.get('/pets/mine', ({ response }) => {
  const answer = response(200).json([])
  expectTypeOf(answer).toEqualTypeOf<ContractResponse>()
  return answer
})
void answered

// --- petstore-3.0.yaml (3.0 document, path-item parameters, a discriminated oneOf).
const petstore30 = openapi<paths30>('https://petstore.example.test/v1')
petstore30.get('/animals/{animalId}', ({ params, response }) => {
  expectTypeOf(params.animalId).toEqualTypeOf<string>()
  // @ts-expect-error a cat has lives, not goodBoy
  response(200).json({ kind: 'cat', goodBoy: true })
  return response(200).json({ kind: 'dog', goodBoy: true })
})
petstore30.get('/pets/{petId}', ({ response }) => response(200).json({ id: 1, name: 'Rex', tag: null, status: 'sold' }))
// @ts-expect-error status is an enum
petstore30.get('/pets/{petId}', ({ response }) => response(200).json({ id: 1, name: 'Rex', status: 'lost' }))

// --- contractViolations(): AnswerProblem by default; the contract's own violation type when named.
declare const checkedServer: import('mocklib/node').SetupServerApi
expectTypeOf(checkedServer.contractViolations()).toEqualTypeOf<readonly import('mocklib/node').AnswerProblem[]>()
expectTypeOf(checkedServer.contractViolations<import('../src/openapi/index.js').ContractViolation>()[0]!.pointer).toEqualTypeOf<string | undefined>()
// @ts-expect-error a violation is an object with a message, not a string
checkedServer.contractViolations<string>()
