// A `text/*` body is checked against its schema too: the text is the value (a string's length,
// pattern and enum; a number or boolean read as a parameter is). Before, only JSON bodies were
// read, so a mocked `text/plain` answer that broke its schema passed unseen.
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { contract, fromOpenApi, type ContractViolation } from '../../src/openapi/index.js'
import { clients } from './support/clients.js'
import { failOnUnhandledRejection } from './support/harness.js'

const BASE = 'https://text.example.test'

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'text bodies', version: '1' },
  servers: [{ url: BASE }],
  paths: {
    '/caption': {
      get: {
        operationId: 'getCaption',
        responses: { '200': { description: 'a caption', content: { 'text/plain': { schema: { type: 'string', minLength: 5, maxLength: 20 } } } } },
      },
      put: {
        operationId: 'putCaption',
        requestBody: { required: true, content: { 'text/plain': { schema: { type: 'string', pattern: '^[a-z ]+$' } } } },
        responses: { '204': { description: 'stored' } },
      },
    },
    '/count': {
      get: {
        operationId: 'getCount',
        responses: { '200': { description: 'a count', content: { 'text/plain': { schema: { type: 'integer', minimum: 0 } } } } },
      },
    },
    '/page': {
      get: {
        operationId: 'getPage',
        // No one reading of an object from text: not checked.
        responses: { '200': { description: 'a page', content: { 'text/html': { schema: { type: 'object', required: ['x'] } } } } },
      },
    },
  },
}

failOnUnhandledRejection()

describe('text/* bodies against their schema', () => {
  const seen: ContractViolation[] = []
  const server = setupServer()
  beforeAll(async () => server.listen({ onUnhandledRequest: 'error', contract: await contract(DOCUMENT, { onViolation: (violation) => seen.push(violation) }) }))
  afterEach(() => {
    server.resetHandlers()
    seen.length = 0
  })
  afterAll(() => server.close())

  describe.each(clients)('through %s', (_name, client) => {
    it('reports a mocked text answer that breaks its string schema, and passes one that keeps it', async () => {
      server.use(http.get(`${BASE}/caption`, ({ request }) => HttpResponse.text(new URL(request.url).searchParams.get('say') ?? '')))
      expect((await client(`${BASE}/caption?say=hi`)).body).toBe('hi')
      expect(seen.map((violation) => violation.message)).toEqual([
        `GET ${BASE}/caption?say=hi (getCaption): response body at (root): String is too short (2 < 5). [rule "minLength" at #/paths/~1caption/get/responses/200/content/text~1plain/schema/minLength]`,
      ])
      seen.length = 0
      await client(`${BASE}/caption?say=a%20long%20caption`)
      expect(seen).toEqual([])
    })

    it('reads a text body as the number its schema wants', async () => {
      server.use(http.get(`${BASE}/count`, ({ request }) => HttpResponse.text(new URL(request.url).searchParams.get('n') ?? '')))
      await client(`${BASE}/count?n=12`)
      expect(seen).toEqual([])
      await client(`${BASE}/count?n=-1`)
      await client(`${BASE}/count?n=many`)
      expect(seen.map((violation) => [violation.part, violation.rule])).toEqual([
        ['body', 'minimum'],
        ['body', 'type'],
      ])
    })

    it('checks a text request body', async () => {
      server.use(http.put(`${BASE}/caption`, () => new HttpResponse(null, { status: 204 })))
      await client(`${BASE}/caption`, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'all good' })
      expect(seen).toEqual([])
      await client(`${BASE}/caption`, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'NOT GOOD' })
      expect(seen.map((violation) => [violation.side, violation.part, violation.rule])).toEqual([['request', 'body', 'pattern']])
    })

    it('leaves a text body whose schema is an object alone', async () => {
      server.use(http.get(`${BASE}/page`, () => HttpResponse.html('<p>hello</p>')))
      await client(`${BASE}/page`)
      expect(seen).toEqual([])
    })
  })

  it("answers fromOpenApi's generated text bodies within their schema", async () => {
    server.use(...(await fromOpenApi(DOCUMENT, { seed: 3 })))
    for (const seed of ['caption', 'count']) await (await fetch(`${BASE}/${seed}`)).text()
    expect(seen).toEqual([])
  })
})
