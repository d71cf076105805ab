// msw 3 (the `msw` package).
import { http, HttpResponse } from 'msw'
import { graphql } from 'msw/graphql'
import { setupServer } from 'msw/node'
import { BODY, patternOf } from '../lib/measure.mjs'

export const label = 'msw 3'

export function createHandlers(count) {
  const handlers = new Array(count)
  for (let i = 0; i < count; i++) handlers[i] = http.get(patternOf(i), () => HttpResponse.json(BODY))
  return handlers
}

function listen(count) {
  const server = setupServer(...createHandlers(count))
  server.listen({ onUnhandledRequest: 'error' })
  return { stop: () => server.close() }
}

export const mockFetch = listen
export const mockHttp = () => listen(1)

/** `count` GraphQL query handlers; the last one answers `GetUser`. */
export function mockGraphql(count) {
  const api = graphql.link('http://localhost/graphql') // msw 3 scopes GraphQL to an endpoint
  const handlers = []
  for (let i = 0; i < count - 1; i++) handlers.push(api.query(`Other${i}`, () => HttpResponse.json({ data: { other: i } })))
  handlers.push(api.query('GetUser', ({ variables }) => HttpResponse.json({ data: { user: { id: variables.id } } })))
  const server = setupServer(...handlers)
  server.listen({ onUnhandledRequest: 'error' })
  return { stop: () => server.close() }
}
