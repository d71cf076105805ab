/**
 * Issue 14, item 1: a graphql-multipart-request `map` path must never reach
 * `Object.prototype`, whichever of its keys names a prototype member.
 */
import { graphql, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

const ENDPOINT = 'https://api.pollution.test/graphql'
const UPLOAD = 'mutation Upload($file: Upload) { upload(file: $file) }'

const server = setupServer(
  graphql.mutation('Upload', () => HttpResponse.json({ data: { upload: 'stored' } })),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  // A failed run must not leak pollution into the next test.
  for (const target of [Object.prototype, Function.prototype] as Record<string, unknown>[]) {
    delete target.polluted
    delete target.x
  }
})
afterAll(() => server.close())

function uploadWithMap(path: string, operations: unknown): Promise<Response> {
  const form = new FormData()
  form.set('operations', JSON.stringify(operations))
  form.set('map', JSON.stringify({ 0: [path] }))
  form.set('0', new File(['payload'], 'payload.txt', { type: 'text/plain' }))
  return fetch(ENDPOINT, { method: 'POST', body: form })
}

const single = { query: UPLOAD, variables: { file: null } }

describe('multipart upload map paths that name prototype members', () => {
  const payloads: Array<[string, unknown]> = [
    ['__proto__.polluted', single],
    ['variables.__proto__.x', single],
    ['0.__proto__.x', [single]],
    ['constructor.prototype.x', single],
  ]

  for (const [path, operations] of payloads) {
    it(`refuses ${JSON.stringify(path)} and leaves Object.prototype alone`, async () => {
      // An unusable upload is unhandled: under 'error' the request fails and says why.
      const failure = await uploadWithMap(path, operations).then(
        (response) => new Error(`answered ${response.status} instead of failing`),
        (error: unknown) => error as Error,
      )
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      expect(({} as Record<string, unknown>).x).toBeUndefined()
      expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false)
      expect(Object.hasOwn(Object.prototype, 'x')).toBe(false)
      expect(failure).toBeInstanceOf(TypeError)
      const reason = String((failure.cause as Error | undefined)?.message)
      expect(reason).toContain('[mocklib]')
      expect(reason).toContain(`the "map" path ${JSON.stringify(path)}`)
    })
  }

  it('still puts a file at an ordinary path', async () => {
    const response = await uploadWithMap('variables.file', single)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ data: { upload: 'stored' } })
  })
})
