// msw 2.15's HttpResponse defaults: statusText from the status, Content-Length for bodies of known size.
import nodeHttp from 'node:http'
import axios from 'axios'
import { HttpResponse as MswHttpResponse } from 'msw2'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const API = 'http://api.response-defaults.test'

// Both classes are driven through one loose shape: the comparison is at run time.
type AnyHttpResponse = { new (body?: any, init?: ResponseInit): Response; json(body?: unknown, init?: ResponseInit): Response; text(body?: string, init?: ResponseInit): Response } & Record<string, any>
type Make = (R: AnyHttpResponse) => Response
const cases: Record<string, Make> = {
  'json': (R) => R.json({ name: 'Zoë' }),
  'json, empty': (R) => R.json(),
  'json, status 201': (R) => R.json({ id: 1 }, { status: 201 }),
  'text': (R) => R.text('héllo'),
  'text, empty': (R) => R.text(),
  'text, status 404': (R) => R.text('missing', { status: 404 }),
  'text, own statusText': (R) => R.text('x', { status: 400, statusText: 'Nope' }),
  'text, own Content-Length': (R) => R.text('abc', { headers: { 'content-length': '3' } }),
  'xml': (R) => R.xml('<a/>'),
  'html': (R) => R.html('<p>hi</p>'),
  'arrayBuffer': (R) => R.arrayBuffer(new Uint8Array([1, 2, 3]).buffer),
  'arrayBuffer, empty': (R) => R.arrayBuffer(new ArrayBuffer(0)),
  'arrayBuffer, none': (R) => R.arrayBuffer(),
  'constructor, 204': (R) => new R(null, { status: 204 }),
  'constructor, 503': (R) => new R('down', { status: 503 }),
  'constructor, 299 (unregistered)': (R) => new R('odd', { status: 299 }),
  'constructor, default': (R) => new R('plain'),
}

const head = (response: Response) => ({
  status: response.status,
  statusText: response.statusText,
  contentType: response.headers.get('content-type'),
  contentLength: response.headers.get('content-length'),
})

describe('HttpResponse defaults are msw 2.15’s', () => {
  for (const [name, make] of Object.entries(cases)) {
    it(name, () => {
      expect(head(make(HttpResponse))).toEqual(head(make(MswHttpResponse)))
    })
  }
})

describe('clients see the defaults', () => {
  const server = setupServer(
    http.get(`${API}/created`, () => HttpResponse.json({ id: 1 }, { status: 201 })),
    http.get(`${API}/text`, () => HttpResponse.text('héllo')),
  )
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterAll(() => server.close())

  it('fetch', async () => {
    const response = await fetch(`${API}/created`)
    expect([response.status, response.statusText, response.headers.get('content-length')]).toEqual([201, 'Created', '8'])
    expect((await fetch(`${API}/text`)).headers.get('content-length')).toBe('6')
  })

  it('node:http', async () => {
    const reply = await new Promise<nodeHttp.IncomingMessage>((resolve, reject) => {
      nodeHttp.get(`${API}/created`, resolve).on('error', reject)
    })
    reply.resume()
    expect([reply.statusCode, reply.statusMessage, reply.headers['content-length']]).toEqual([201, 'Created', '8'])
  })

  it('axios', async () => {
    const reply = await axios.get(`${API}/text`)
    expect([reply.status, reply.statusText, reply.headers['content-length']]).toEqual([200, 'OK', '6'])
  })
})
