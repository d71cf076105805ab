import { ClientRequest } from 'node:http'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer(
  http.get('http://api.example.test/posts/:id', ({ params }) => HttpResponse.json({ id: params.id, via: 'ClientRequest' })),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

function send(url: string): Promise<{ status: number | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const request = new ClientRequest(url)
    request.on('response', (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode, body }))
    })
    request.on('error', reject)
    request.end()
  })
}

it('answers a request made with the ClientRequest constructor directly', async () => {
  const reply = await send('http://api.example.test/posts/7')
  expect(reply.status).toBe(200)
  expect(JSON.parse(reply.body)).toEqual({ id: '7', via: 'ClientRequest' })
})

it('fails an unhandled ClientRequest under the error policy', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  await expect(send('http://api.example.test/nothing-here')).rejects.toThrow(/without a matching request handler/)
  error.mockRestore()
})
