/**
 * Issue 14, item 12: when the optional `graphql` package is missing, the
 * unhandled-request error says so once, with one `[mocklib]` prefix.
 * The package is made unloadable for this file only, as on a machine without it.
 */
import { graphql, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'

vi.mock('graphql', () => {
  throw new Error("Cannot find package 'graphql' imported from mocklib")
})

const server = setupServer(graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: [] } })))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

it('explains the missing package with a single [mocklib] prefix', async () => {
  const failure = await fetch('https://api.missing-graphql.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'query ListPosts { posts { id } }' }),
  }).then(
    () => new Error('answered instead of failing'),
    (error: unknown) => error as Error,
  )
  const text = String((failure.cause as Error | undefined)?.message)
  expect(text).toContain('GraphQL handlers need the package "graphql"')
  expect(text).toContain('npm install --save-dev graphql')
  expect(text.match(/\[mocklib\]/g)).toHaveLength(1)
})
