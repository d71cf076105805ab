// Deno with npm: specifiers (the way Deno's own documentation imports npm
// packages), resolved from the project's node_modules without any download.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import https from 'node:https'
import { graphql, http, HttpResponse } from 'npm:mocklib'
import { setupServer } from 'npm:mocklib/node'

const server = setupServer(
  http.get('https://api.example.test/posts/:id', ({ params }) => HttpResponse.json({ id: params.id })),
  graphql.query('GetPost', ({ variables }) => HttpResponse.json({ data: { post: { id: variables.id } } })),
)
before(() => server.listen({ onUnhandledRequest: 'error' }))
after(() => server.close())

describe('mocklib imported with npm: specifiers under Deno', () => {
  it('answers fetch, node:https and GraphQL', async () => {
    assert.deepEqual(await (await fetch('https://api.example.test/posts/1')).json(), { id: '1' })
    const overHttps = await new Promise((resolve, reject) => {
      https.get('https://api.example.test/posts/2', (response) => {
        let text = ''
        response.on('data', (chunk) => (text += chunk))
        response.on('end', () => resolve(text))
      }).on('error', reject)
    })
    assert.deepEqual(JSON.parse(overHttps), { id: '2' })
    const query = await fetch('https://api.example.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query GetPost($id: ID!) { post(id: $id) { id } }', variables: { id: '3' } }),
    })
    assert.deepEqual(await query.json(), { data: { post: { id: '3' } } })
  })
})
