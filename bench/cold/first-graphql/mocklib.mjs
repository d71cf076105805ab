// Cold start and the first mocked GraphQL query (see ../../scenarios/cold-first-graphql.mjs).
import { queryUserId, report } from '../first-call-clients.mjs'
const dist = process.env.MOCKLIB_BENCH_DIST ? new URL(`file://${process.env.MOCKLIB_BENCH_DIST}/`) : new URL('../../../dist/', import.meta.url)
const { graphql, HttpResponse } = await import(new URL('index.js', dist).href)
const { setupServer } = await import(new URL('node.js', dist).href)
const server = setupServer(graphql.query('GetUser', () => HttpResponse.json({ data: { user: { id: '1' } } })))
server.listen({ onUnhandledRequest: 'error' })
const id = await queryUserId('http://localhost/graphql')
server.close()
report(id === '1')
