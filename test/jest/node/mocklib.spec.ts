// mocklib in Jest's default mode: test files loaded as CommonJS (`require`), no
// `--experimental-vm-modules`, no polyfill. Run by two projects of
// test/jest/jest.config.cjs: ts-jest (module commonjs, moduleResolution node) and babel-jest.
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { graphql, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { request as httpsRequest } from 'node:https'

const API = 'https://api.example.test'

const server = setupServer(
  http.get(`${API}/users/:id`, ({ params }) => HttpResponse.json({ id: params.id, name: 'Ada' })),
  http.get(`${API}/offline`, () => HttpResponse.error()),
  graphql.query('GetUser', ({ variables }) => HttpResponse.json({ data: { user: { id: variables.id, name: 'Grace' } } })),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

/** GET through node:https, the way axios and other Node clients send it. */
function getWithNodeHttps(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    httpsRequest(url, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
      .on('error', reject)
      .end()
  })
}

describe('mocklib under Jest (CommonJS)', () => {
  it('answers REST requests made with fetch', async () => {
    const response = await fetch(`${API}/users/7`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ id: '7', name: 'Ada' })
  })

  it('answers REST requests made with node:https', async () => {
    const { status, body } = await getWithNodeHttps(`${API}/users/8`)
    expect(status).toBe(200)
    expect(JSON.parse(body)).toEqual({ id: '8', name: 'Ada' })
  })

  it('answers GraphQL queries', async () => {
    const response = await fetch(`${API}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query GetUser($id: ID!) { user(id: $id) { id name } }', variables: { id: 'u1' } }),
    })
    expect(await response.json()).toEqual({ data: { user: { id: 'u1', name: 'Grace' } } })
  })

  it('HttpResponse.error() makes the request fail', async () => {
    // Jest's global fetch is Node's: its TypeError is the main context's, not the test's.
    await expect(fetch(`${API}/offline`)).rejects.toMatchObject({ name: 'TypeError' })
    await expect(getWithNodeHttps(`${API}/offline`)).rejects.toThrow()
  })

  it("fails a request no handler answers under onUnhandledRequest: 'error'", async () => {
    const printed = jest.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await expect(fetch(`${API}/nobody-home`)).rejects.toThrow()
      expect(printed.mock.calls.flat().join(' ')).toContain(`${API}/nobody-home`)
    } finally {
      printed.mockRestore()
    }
  })

  it('boundary() keeps use() to the one call', async () => {
    const scoped = server.boundary(async () => {
      server.use(http.get(`${API}/users/:id`, () => HttpResponse.json({ id: 'scoped' })))
      return (await fetch(`${API}/users/1`)).json()
    })
    expect(await scoped()).toEqual({ id: 'scoped' })
    expect(await (await fetch(`${API}/users/1`)).json()).toEqual({ id: '1', name: 'Ada' })
  })

  it('loads the CommonJS build, with @mswjs/interceptors bundled in it', () => {
    const loaded = Object.keys(require.cache)
    expect(loaded.some((file) => /dist[\\/]node\.cjs$/.test(file))).toBe(true)
    expect(loaded.some((file) => file.includes('@mswjs'))).toBe(false)
  })
})
