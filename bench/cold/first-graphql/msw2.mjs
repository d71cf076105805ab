// Cold start and the first mocked GraphQL query (see ../../scenarios/cold-first-graphql.mjs).
import { queryUserId, report } from '../first-call-clients.mjs'
const { graphql, HttpResponse } = await import('msw2')
const { setupServer } = await import('msw2/node')
const server = setupServer(graphql.query('GetUser', () => HttpResponse.json({ data: { user: { id: '1' } } })))
server.listen({ onUnhandledRequest: 'error' })
const id = await queryUserId('http://localhost/graphql')
server.close()
report(id === '1')
