// listHandlers() headers in msw 2's format, and the HttpMethods export.
import { graphql as mswGraphql, http as mswHttp, HttpMethods as MswHttpMethods } from 'msw2'
import { graphql, http, HttpMethods } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { describe, expect, it } from 'vitest'

const noop = () => undefined

function handlersOf(lib: { http: typeof http; graphql: typeof graphql }) {
  const github = lib.graphql.link('https://api.github.com/graphql')
  return [
    lib.http.get('/user', noop),
    lib.http.post('https://api.example.com/posts/:id', noop),
    lib.http.all('*', noop),
    lib.http.delete(/\/posts\/\d+/, noop),
    lib.http.get(() => true, noop),
    lib.graphql.query('GetUser', noop),
    lib.graphql.mutation(/^Update/, noop),
    lib.graphql.operation(noop),
    github.query('GetRepo', noop),
    github.operation(noop),
  ]
}

describe('listHandlers()', () => {
  it('gives every header exactly as msw 2 does', () => {
    const server = setupServer(...handlersOf({ http, graphql }))
    const expected = handlersOf({ http: mswHttp as never, graphql: mswGraphql as never }).map((handler) => (handler as unknown as { info: { header: string } }).info.header)
    expect(server.listHandlers().map((handler) => handler.info.header)).toEqual(expected)
    expect(expected).toContain('query GetUser (origin: *)')
    expect(expected).toContain('all (origin: https://api.github.com/graphql)')
  })
})

describe('HttpMethods', () => {
  it('has msw’s members and values', () => {
    expect({ ...HttpMethods }).toEqual({ ...MswHttpMethods })
    expect(HttpMethods.GET).toBe('GET')
  })
})
