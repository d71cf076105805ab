// GraphQL answers application/graphql-response+json exactly (no charset) to clients that prefer it.
import { graphql, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, expect, it } from 'vitest'

const server = setupServer(graphql.query('Ping', () => HttpResponse.json({ data: { ping: true } })))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

const ask = (accept: string) =>
  fetch('https://api.content-type.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept },
    body: JSON.stringify({ query: 'query Ping { ping }' }),
  })

it('answers application/graphql-response+json without a charset when preferred', async () => {
  const response = await ask('application/graphql-response+json, application/json;q=0.9')
  expect(response.headers.get('content-type')).toBe('application/graphql-response+json')
  expect(await response.json()).toEqual({ data: { ping: true } })
})

it('keeps application/json otherwise', async () => {
  expect((await ask('application/json')).headers.get('content-type')).toBe('application/json')
})
