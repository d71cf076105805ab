// The ClientRequest layer (node:http under setupServer; test/integration runs the
// socket layer too): node:http answered by mocklib looks, byte for byte where it
// matters, like the same answer from a real server on 127.0.0.1. A helper's text
// body is written to the client at once (without reading its stream), a body of
// unknown length is chunked, HEAD has no body; the Request a resolver reads is
// built when read, once.
import nodeHttp, { type IncomingMessage } from 'node:http'
import { http, HttpResponse, type LifecycleEventMap } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { failOnUnhandledRejection, useLocalServer } from '../integration/support/harness.js'

const MOCKED = 'http://written.test'
const TEXT = 'café ☕ — ok'

/** What the real server sends for each route: the same as the handlers below. */
const real = useLocalServer((request, response) => {
  const route = new URL(request.url ?? '/', 'http://x').pathname
  if (route === '/text' || route === '/head') {
    response.writeHead(200, 'OK', { 'content-type': 'text/plain', 'content-length': String(Buffer.byteLength(TEXT)) })
    response.end(request.method === 'HEAD' ? undefined : TEXT)
  } else if (route === '/unsized') {
    // No length known up front: Node sends it chunked.
    response.writeHead(201, 'Created', { 'content-type': 'text/plain;charset=UTF-8' })
    response.write(TEXT)
    response.end()
  } else if (route === '/json') {
    const json = JSON.stringify({ name: 'Zoë', list: [1, 2] })
    response.writeHead(404, 'Not Found', { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(json)) })
    response.end(json)
  } else if (route === '/empty') {
    response.writeHead(200, 'OK', { 'content-type': 'text/plain', 'content-length': '0' })
    response.end()
  } else {
    response.writeHead(500)
    response.end()
  }
})

const server = setupServer(
  http.get(`${MOCKED}/text`, () => HttpResponse.text(TEXT)),
  http.head(`${MOCKED}/head`, () => HttpResponse.text(TEXT)),
  http.get(`${MOCKED}/unsized`, () => new HttpResponse(TEXT, { status: 201 })),
  http.get(`${MOCKED}/json`, () => HttpResponse.json({ name: 'Zoë', list: [1, 2] }, { status: 404 })),
  http.get(`${MOCKED}/empty`, () => HttpResponse.text('')),
)

failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }))
afterEach(() => {
  server.resetHandlers()
  server.events.removeAllListeners()
})
afterAll(() => server.close())

interface Seen {
  readonly status: number | undefined
  readonly statusMessage: string | undefined
  readonly headers: Record<string, string | undefined>
  readonly body: Buffer
  readonly events: string[]
}

/** A GET or HEAD through `http.request`, with what the client saw (headers that vary by server left out). */
function send(url: string, method = 'GET'): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const events: string[] = []
    const request = nodeHttp.request(url, { method }, (response: IncomingMessage) => {
      events.push('response')
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        events.push('end')
        const { headers } = response
        resolve({
          status: response.statusCode,
          statusMessage: response.statusMessage,
          headers: { 'content-type': headers['content-type'], 'content-length': headers['content-length'], 'transfer-encoding': headers['transfer-encoding'] },
          body: Buffer.concat(chunks),
          events,
        })
      })
      response.on('error', reject)
    })
    request.on('socket', () => events.push('socket'))
    request.on('error', reject)
    request.end()
  })
}

describe('a helper body written at once, as a real server sends it', () => {
  it.each([
    ['a text body with its length', '/text', 'GET'],
    ['HEAD: the head only, the length kept', '/head', 'HEAD'],
    ['a body of unknown length, chunked (multi-byte text)', '/unsized', 'GET'],
    ['JSON with a status and non-ASCII text', '/json', 'GET'],
    ['an empty text', '/empty', 'GET'],
  ])('%s', async (_name, route, method) => {
    const mocked = await send(`${MOCKED}${route}`, method)
    const expected = await send(`${real.origin}${route}`, method)
    expect(mocked).toEqual(expected)
    expect(mocked.status).not.toBe(500)
  })
})

it('sends a response:mocked listener a full copy while the client gets the whole body', async () => {
  let copy: Promise<string> | undefined
  server.events.on('response:mocked', ({ response }: LifecycleEventMap['response:mocked']) => {
    copy = response.text()
  })
  const seen = await send(`${MOCKED}/text`)
  expect(seen.body.toString('utf8')).toBe(TEXT)
  expect(await copy).toBe(TEXT)
})

it('sends the body a resolver gave, not the one it read: a consumed response is a 500 that says so', async () => {
  server.use(
    http.get(`${MOCKED}/consumed`, async () => {
      const response = HttpResponse.text('read already')
      await response.text()
      return response
    }),
  )
  const seen = await send(`${MOCKED}/consumed`)
  expect(seen.status).toBe(500)
  expect(JSON.parse(seen.body.toString()).message).toContain('returned a response whose body was already read')
})

it('builds the Request a resolver reads when it reads it, once: headers, a GET body and the URL as sent', async () => {
  const requests: Request[] = []
  server.events.on('request:end', ({ request }) => requests.push(request))
  server.use(
    http.get(`${MOCKED}/echo/:id`, async ({ request }) => {
      requests.push(request)
      return HttpResponse.json({
        url: request.url,
        method: request.method,
        accept: request.headers.get('accept'),
        multi: request.headers.get('x-multi'),
        host: request.headers.get('host'),
        body: await request.text(),
      })
    }),
  )
  const reply = await new Promise<string>((resolve, reject) => {
    const request = nodeHttp.request(
      `${MOCKED}/echo/7?q=a%20b`,
      { method: 'GET', headers: { accept: 'application/json', 'x-multi': ['one', 'two'], 'content-type': 'application/json' } },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve(text))
      },
    )
    request.on('error', reject)
    request.end('{"q":1}')
  })
  expect(JSON.parse(reply)).toEqual({
    url: `${MOCKED}/echo/7?q=a%20b`,
    method: 'GET',
    accept: 'application/json',
    multi: 'one, two',
    host: 'written.test',
    body: '{"q":1}',
  })
  expect(requests).toHaveLength(2)
  expect(requests[0]).toBe(requests[1])
})

it('takes the URL from the Host header the request carries', async () => {
  server.use(http.get('http://other-host.test:8080/where', ({ request }) => HttpResponse.text(request.url)))
  const reply = await new Promise<string>((resolve, reject) => {
    const request = nodeHttp.request(`${MOCKED}/where`, { headers: { host: 'other-host.test:8080' } }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve(text))
    })
    request.on('error', reject)
    request.end()
  })
  expect(reply).toBe('http://other-host.test:8080/where')
})
