// GraphQL detection as msw: a POST whose body is a GraphQL-over-HTTP JSON object is GraphQL whatever its content type.
import nodeHttp from 'node:http'
import { graphql, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { fetch as undiciFetch } from 'undici'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

const ENDPOINT = 'http://api.detection.test/graphql'
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const getUser = graphql.query('GetUser', () => HttpResponse.json({ data: { user: { id: '1' } } }))
const body = JSON.stringify({ query: 'query GetUser { user { id } }' })

function postWithNodeHttp(url: string, payload: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = nodeHttp.request(url, { method: 'POST', headers: { 'content-type': 'text/plain' } }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve(text))
    })
    request.on('error', reject)
    request.end(payload)
  })
}

describe('a JSON operation body without a JSON content type', () => {
  it('is GraphQL for a plain fetch (text/plain)', async () => {
    server.use(getUser)
    const response = await fetch(ENDPOINT, { method: 'POST', body })
    expect(await response.json()).toEqual({ data: { user: { id: '1' } } })
  })

  it('is GraphQL for undici fetch and node:http too', async () => {
    server.use(getUser)
    expect(await (await undiciFetch(ENDPOINT, { method: 'POST', body })).json()).toEqual({ data: { user: { id: '1' } } })
    expect(JSON.parse(await postWithNodeHttp(ENDPOINT, body))).toEqual({ data: { user: { id: '1' } } })
  })

  it('http handlers for the same URL keep their place in list order', async () => {
    server.use(http.post(ENDPOINT, () => HttpResponse.text('rest first')), getUser)
    expect(await (await fetch(ENDPOINT, { method: 'POST', body })).text()).toBe('rest first')
    server.resetHandlers(getUser, http.post(ENDPOINT, () => HttpResponse.text('rest second')))
    expect(await (await fetch(ENDPOINT, { method: 'POST', body })).json()).toEqual({ data: { user: { id: '1' } } })
  })

  it('a REST body that is no GraphQL operation stays REST', async () => {
    server.use(getUser, http.post('http://api.detection.test/search', async ({ request }) => HttpResponse.json(await request.json())))
    const response = await fetch('http://api.detection.test/search', { method: 'POST', body: JSON.stringify({ query: 'shoes' }) })
    expect(await response.json()).toEqual({ query: 'shoes' })
  })
})
