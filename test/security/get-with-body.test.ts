/**
 * Issue 14, item 10: node:http may send a body with GET (Elasticsearch-style
 * search APIs do); the resolver reads it like any other body.
 */
import { request as httpRequest } from 'node:http'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { viaNodeHttp } from '../integration/support/clients.js'
import { failOnUnhandledRejection, useLocalServer } from '../integration/support/harness.js'

const API = 'http://search.get-body.test'
const QUERY = JSON.stringify({ query: { match: { title: 'café' } } })
// Clients that send a GET body give its length, as a server needs it to find the body's end.
const HEADERS = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(QUERY)) }

const real = useLocalServer((request, response, body) => response.end(`real ${request.method} got ${body}`))
const server = setupServer()
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('a GET with a body over node:http', () => {
  it('reaches the resolver with its body (text, json, clone, stream)', async () => {
    server.use(
      http.get(`${API}/_search`, async ({ request }) => {
        const copy = request.clone()
        const json = (await request.json()) as unknown
        const streamed = await new Response(copy.body).text()
        return HttpResponse.json({ method: request.method, json, streamed, used: request.bodyUsed })
      }),
    )
    const reply = await viaNodeHttp(`${API}/_search`, { method: 'GET', headers: HEADERS, body: QUERY })
    expect(reply.status).toBe(200)
    expect(JSON.parse(reply.body)).toEqual({ method: 'GET', json: JSON.parse(QUERY), streamed: QUERY, used: true })
  })

  it('a GET without a body still has none', async () => {
    server.use(http.get(`${API}/plain`, async ({ request }) => HttpResponse.json({ body: request.body === null, text: await request.text() })))
    const reply = await viaNodeHttp(`${API}/plain`)
    expect(JSON.parse(reply.body)).toEqual({ body: true, text: '' })
  })

  it('is sent to the real server with its body when it passes through', async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const outgoing = httpRequest(`${real.origin}/_search`, { method: 'GET', headers: HEADERS }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
      })
      outgoing.on('error', reject)
      outgoing.end(QUERY)
    })
    expect(reply).toBe(`real GET got ${QUERY}`)
  })
})
