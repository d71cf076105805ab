// The path grammar table (type-tests/path-grammar-table.ts), run through the
// runtime: each accepted pattern answers its URL with exactly the listed params
// (over a real fetch through setupServer), each refused pattern throws a
// `[mocklib]` error at handler creation. The same table drives the type tests.
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { acceptedPaths, refusedPaths, unmatchedPaths } from '../../type-tests/path-grammar-table.js'
import { failOnUnhandledRejection } from './support/harness.js'

const server = setupServer()
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('accepted patterns give the params of the table', () => {
  it.each(acceptedPaths.map((row) => [row.pattern, row] as const))('%s', async (_pattern, row) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      // Own keys and values, read in the resolver (JSON would drop a "__proto__" key's meaning).
      server.use(http.get(row.pattern, ({ params }) => HttpResponse.json(Object.entries(params))))
    } finally {
      warn.mockRestore()
    }
    const response = await fetch(row.url)
    expect(response.status).toBe(200)
    expect(Object.fromEntries((await response.json()) as Array<[string, string]>)).toEqual({ ...row.params })
  })

  it('warns that a query string in a pattern is ignored', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      http.get('/search?q=:q', () => undefined)
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^\[mocklib\] .*query string .* is ignored/))
    } finally {
      warn.mockRestore()
    }
  })
})

describe('inline patterns refuse a param text they do not describe', () => {
  it.each(unmatchedPaths.map((row) => [row.pattern, row.url] as const))('%s does not match %s', async (pattern, url) => {
    server.use(
      http.get(pattern, () => HttpResponse.text('matched')),
      http.get('*', () => HttpResponse.text('fell through')),
    )
    const response = await fetch(url)
    expect(await response.text()).toBe('fell through')
  })
})

describe('refused patterns throw at handler creation', () => {
  it.each(refusedPaths.map((row) => [row.pattern, row] as const))('%s', (_pattern, row) => {
    const create = () => http.get(row.pattern as string, () => undefined)
    expect(create).toThrow(TypeError)
    expect(create).toThrow(/^\[mocklib\] http\.get\(\)/)
    expect(create).toThrow(row.refused)
  })
})
