// A real answer Fetch says has no body (204, 205, 304), passed through to undici's `request()` while
// something reads passthrough responses (`response:bypass`, a recording): the report's copy of a 205 was
// built with a body, which Fetch refuses, and the client's request failed with that TypeError.
import { setupServer } from 'mocklib/node'
import { request } from 'undici'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { useLocalServer } from './support/harness.js'

const real = useLocalServer((incoming, response) => {
  response.writeHead(Number(new URL(incoming.url ?? '/', 'http://x').pathname.slice(1)), { 'x-real': 'yes' })
  response.end()
})

const server = setupServer()
const bypassed: number[] = []
beforeAll(() => {
  server.events.on('response:bypass', ({ response }) => void bypassed.push(response.status))
  server.listen({ onUnhandledRequest: 'bypass' })
})
afterAll(() => server.close())

for (const status of [204, 205, 304]) {
  it(`a real ${status} passes through to undici's request() as it came, and is reported`, async () => {
    const answer = await request(`${real.origin}/${status}`)
    expect({ status: answer.statusCode, header: answer.headers['x-real'], body: await answer.body.text() }).toEqual({ status, header: 'yes', body: '' })
    expect(bypassed).toContain(status)
  })
}
