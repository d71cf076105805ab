// openapi<paths>(): `query` typed as the handler reads it at run time (test/openapi/typed-query.test.ts):
// openapi-typescript's own types for the parameters (numbers, booleans, arrays in every style), and
// response('default') answering with one argument, its body the default response's schema.
import { expectTypeOf } from 'expect-type'
import { openapi, type QueryOf } from '../src/openapi/index.js'
import type { components, operations, paths } from '../test/openapi/fixtures/petstore-typed.paths.js'

type Failure = components['schemas']['Error']
const petstore = openapi<paths>('https://petstore.example.test/v1', { document: 'test/openapi/fixtures/petstore-typed.yaml' })

// --- Query: integers and numbers are numbers, booleans booleans, arrays arrays (of numbers for integer items).
petstore.get('/pet-search', ({ query, response }) => {
  expectTypeOf(query).toEqualTypeOf<{
    readonly limit: number
    readonly minWeight?: number
    readonly adopted?: boolean
    readonly ids?: number[]
    readonly tags?: string[]
    readonly colors?: string[]
    readonly sizes?: number[]
    readonly petIds?: number[]
    readonly stars?: 1 | 2 | 3
    readonly age?: number | null
  }>()
  expectTypeOf(query.limit).toEqualTypeOf<number>()
  expectTypeOf(query.minWeight).toEqualTypeOf<number | undefined>()
  // @ts-expect-error limit is a number, not the URL's text
  const text: string = query.limit
  // @ts-expect-error an optional parameter may be absent
  const weight: number = query.minWeight
  // @ts-expect-error adopted is a boolean
  if (query.adopted === 'true') void text
  // @ts-expect-error ids are numbers
  query.ids?.map((id) => id.toUpperCase())
  // @ts-expect-error tags is always an array, never one string
  const tag: string = query.tags ?? ''
  void [weight, tag]
  return response(200).json([])
})
petstore.get('/pets', ({ query, response }) => {
  expectTypeOf(query.limit).toEqualTypeOf<number | undefined>()
  expectTypeOf(query.tag).toEqualTypeOf<string[] | undefined>()
  return response(200).json([])
})
// The mock builder's resolver reads the query alike.
petstore.mock.get('/pets').reply(({ query, response }) => {
  expectTypeOf(query).toEqualTypeOf<{ readonly limit?: number; readonly tag?: string[] }>()
  return response(200).json([])
})
expectTypeOf<QueryOf<operations['searchPets']>['sizes']>().toEqualTypeOf<number[] | undefined>()
// The options take a document or nothing else.
openapi<paths>('', {})
// @ts-expect-error document is a path, text, object or contract, not a number
openapi<paths>('', { document: 42 })

// --- response('default'): one argument (the body), typed by the default response; 500 unless the init says otherwise.
petstore.get('/pets', ({ response }) => {
  response('default').json({ code: 500, message: 'unexpected' }, { status: 503 })
  // @ts-expect-error the default response's body is an Error
  response('default').json([])
  // @ts-expect-error the default response's body needs a message
  response('default').json({ code: 500 })
  return response('default').json({ code: 500, message: 'unexpected' })
})
petstore.get('/pet-search', ({ response }) => {
  response(500).json({ code: 500, message: 'index down' })
  // @ts-expect-error searchPets declares 500 itself, so 'default' (the other statuses) must name its status
  response('default').json({ code: 500, message: 'unexpected' })
  return response('default').json({ code: 502, message: 'bad gateway' }, { status: 502 })
})
// A range still names no one status.
petstore.post('/pets', ({ response }) => {
  // @ts-expect-error a range needs a status
  response('4XX').json({ code: 400, message: 'bad' } satisfies Failure, { contentType: 'application/problem+json' })
  return response('4XX').json({ code: 400, message: 'bad' }, { status: 400, contentType: 'application/problem+json' })
})
// @ts-expect-error showPetById declares no default
petstore.get('/pets/{petId}', ({ response }) => response('default').json({ code: 1, message: 'x' }))
