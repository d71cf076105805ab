/**
 * Real HTTP clients behind one call shape, so every integration test can run the
 * same scenario through global fetch, node:http/https, undici and axios.
 */
import nodeHttp from 'node:http'
import nodeHttps from 'node:https'
import axios from 'axios'
import { fetch as undiciFetch, request as undiciRequest } from 'undici'

export interface ClientRequest {
  readonly method?: string
  readonly headers?: Record<string, string>
  readonly body?: string | Uint8Array
}

export interface ClientReply {
  readonly status: number
  /** Header values by lower-case name; `set-cookie` keeps every value. */
  readonly headers: Record<string, string>
  readonly setCookie: string[]
  readonly body: string
}

export type ClientName = 'fetch' | 'node:http' | 'undici.request' | 'undici.fetch' | 'axios'
export type Client = (url: string, init?: ClientRequest) => Promise<ClientReply>

async function fromFetchResponse(response: Response): Promise<ClientReply> {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value
  })
  return { status: response.status, headers, setCookie: response.headers.getSetCookie(), body: await response.text() }
}

function flattenHeaders(raw: Record<string, string | string[] | undefined | number>): Pick<ClientReply, 'headers' | 'setCookie'> {
  const headers: Record<string, string> = {}
  let setCookie: string[] = []
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue
    if (name.toLowerCase() === 'set-cookie') setCookie = Array.isArray(value) ? value : [String(value)]
    else headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
  }
  return { headers, setCookie }
}

export const viaFetch: Client = async (url, init = {}) => fromFetchResponse(await fetch(url, init as RequestInit))

export const viaUndiciFetch: Client = async (url, init = {}) =>
  fromFetchResponse((await undiciFetch(url, init as never)) as unknown as Response)

export const viaNodeHttp: Client = (url, init = {}) =>
  new Promise((resolve, reject) => {
    const module = url.startsWith('https:') ? nodeHttps : nodeHttp
    const request = module.request(url, { method: init.method ?? 'GET', headers: init.headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('error', reject)
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          ...flattenHeaders(response.headers),
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      )
    })
    request.on('error', reject)
    request.end(init.body)
  })

export const viaUndiciRequest: Client = async (url, init = {}) => {
  const response = await undiciRequest(url, {
    method: (init.method ?? 'GET') as 'GET',
    ...(init.headers ? { headers: init.headers } : {}),
    ...(init.body !== undefined ? { body: init.body } : {}),
  })
  return { status: response.statusCode, ...flattenHeaders(response.headers), body: await response.body.text() }
}

export const viaAxios: Client = async (url, init = {}) => {
  const response = await axios.request({
    url,
    method: init.method ?? 'GET',
    headers: init.headers,
    data: init.body,
    // Send the body as given (axios would JSON-encode a string sent as application/json).
    transformRequest: [(data: unknown) => data],
    responseType: 'text',
    transformResponse: [(data: unknown) => data],
    validateStatus: () => true,
  })
  return {
    status: response.status,
    ...flattenHeaders(response.headers as Record<string, string | string[]>),
    body: String(response.data ?? ''),
  }
}

export const clients: ReadonlyArray<readonly [ClientName, Client]> = [
  ['fetch', viaFetch],
  ['node:http', viaNodeHttp],
  ['undici.request', viaUndiciRequest],
  ['undici.fetch', viaUndiciFetch],
  ['axios', viaAxios],
]

/** A host that is always mocked in these tests: never resolved, never contacted. */
export const API = 'https://api.example.test'
