// Cold start and the first mocked GraphQL query (see ../../scenarios/cold-first-graphql.mjs).
import { queryUserId, report } from '../first-call-clients.mjs'
// msw 3 scopes GraphQL handlers to an endpoint: graphql.link(url).query(...).
const { HttpResponse } = await import('msw')
const { graphql } = await import('msw/graphql')
const { setupServer } = await import('msw/node')
const api = graphql.link('http://localhost/graphql')
const server = setupServer(api.query('GetUser', () => HttpResponse.json({ data: { user: { id: '1' } } })))
server.listen({ onUnhandledRequest: 'error' })
const id = await queryUserId('http://localhost/graphql')
server.close()
report(id === '1')
