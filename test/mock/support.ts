/** Small helpers for the mock builder tests: real clients and a loopback server. */
import { createServer, request as httpRequest, type Server } from 'node:http'
import { request as httpsRequest } from 'node:https'
import axios from 'axios'

/** A made-up host that every test mocks; nothing ever reaches it. */
export const API = 'https://api.example.test'

export interface Reply {
  readonly status: number
  readonly body: string
  readonly headers: Record<string, string>
}

export async function viaFetch(url: string, init: RequestInit = {}): Promise<Reply> {
  const response = await fetch(url, init)
  return { status: response.status, body: await response.text(), headers: Object.fromEntries(response.headers) }
}

export function viaNodeHttp(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const send = url.startsWith('https:') ? httpsRequest : httpRequest
    const request = send(url, { method: init.method ?? 'GET', headers: init.headers }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body, headers: Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k, String(v)])) }),
      )
    })
    request.on('error', reject)
    request.end(init.body)
  })
}

export async function viaAxios(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  const response = await axios.request({
    url,
    method: init.method ?? 'GET',
    headers: init.headers,
    data: init.body,
    validateStatus: () => true,
    responseType: 'text',
    transformResponse: (data: unknown) => data,
  })
  return { status: response.status, body: String(response.data ?? ''), headers: Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k, String(v)])) }
}

export const clients = { fetch: viaFetch, 'node:http': viaNodeHttp, axios: viaAxios } as const

export const json = (body: unknown, method = 'POST'): RequestInit & { body: string; headers: Record<string, string>; method: string } => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

/** A real node:http server on 127.0.0.1 answering `real <method> <url>`. */
export async function startLocalServer(): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    response.setHeader('content-type', 'text/plain')
    response.end(`real ${request.method} ${request.url}`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
