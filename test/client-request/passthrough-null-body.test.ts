// A real answer that Fetch says has no body (204, 205, 304), passed through to
// node:http: the client gets it as the server sent it. A 205 used to make the
// ClientRequest layer build a Response with a body, which Fetch refuses, and the
// process died of an uncaught TypeError.
import nodeHttp from 'node:http'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { useLocalServer } from '../integration/support/harness.js'

const real = useLocalServer((request, response) => {
  response.writeHead(Number(new URL(request.url ?? '/', 'http://x').pathname.slice(1)), { 'x-real': 'yes' })
  response.end()
})

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }))
afterAll(() => server.close())

function get(url: string): Promise<{ status: number | undefined; header: unknown; body: string }> {
  return new Promise((resolve, reject) => {
    nodeHttp
      .get(url, (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () => resolve({ status: response.statusCode, header: response.headers['x-real'], body }))
      })
      .on('error', reject)
  })
}

for (const status of [204, 205, 304]) {
  it(`a real ${status} passes through to http.get as it came`, async () => {
    expect(await get(`${real.origin}/${status}`)).toEqual({ status, header: 'yes', body: '' })
  })
}
