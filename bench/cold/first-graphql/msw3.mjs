// Cold start and the first mocked GraphQL query (see ../../scenarios/cold-first-graphql.mjs).
// msw 3 scopes GraphQL handlers to an endpoint: graphql.link(url).query(...).
const { HttpResponse } = await import('msw')
const { graphql } = await import('msw/graphql')
const { setupServer } = await import('msw/node')
const api = graphql.link('http://localhost/graphql')
const server = setupServer(api.query('GetUser', () => HttpResponse.json({ data: { user: { id: '1' } } })))
server.listen({ onUnhandledRequest: 'error' })
const response = await fetch('http://localhost/graphql', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ query: 'query GetUser { user { id } }' }),
})
const body = await response.json()
server.close()
const value = performance.now()
process.stdout.write(JSON.stringify({ value, ok: body.data?.user?.id === '1' }))
