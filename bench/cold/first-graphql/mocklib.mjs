// Cold start and the first mocked GraphQL query (see ../../scenarios/cold-first-graphql.mjs).
const dist = process.env.MOCKLIB_BENCH_DIST ? new URL(`file://${process.env.MOCKLIB_BENCH_DIST}/`) : new URL('../../../dist/', import.meta.url)
const { graphql, HttpResponse } = await import(new URL('index.js', dist).href)
const { setupServer } = await import(new URL('node.js', dist).href)
const server = setupServer(graphql.query('GetUser', () => HttpResponse.json({ data: { user: { id: '1' } } })))
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
