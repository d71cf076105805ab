// Listen/close cycles with clients that keep connections in a pool of their
// own (an undici Agent passed as `dispatcher`, a keep-alive http.Agent): a
// connection that carried passed-through traffic while a first server listened
// is a real connection to the server, kept alive after close(). The next
// server (onUnhandledRequest: 'error') must still see every request: the pool
// dials anew instead of reusing it. A real 127.0.0.1 server counts its hits:
// any hit while the second server listens is a request that escaped.
import nodeHttp from 'node:http'
import axios from 'axios'
import { http, HttpResponse, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { Agent, fetch as undiciFetch, request as undiciRequest } from 'undici'
import { afterAll, expect, it } from 'vitest'
import { clients } from './support/clients.js'
import { captureConsole, failOnUnhandledRejection, useLocalServer } from './support/harness.js'

const real = useLocalServer((request, response) => {
  response.setHeader('content-type', 'text/plain')
  if (request.url !== '/busy') return void response.end(`real ${request.method} ${request.url}`)
  // Half the answer now, the rest later: the connection is busy meanwhile.
  response.write('real GET ')
  setTimeout(() => response.end('/busy'), 100)
})
failOnUnhandledRejection()

type Send = (url: string) => Promise<string>

const undiciAgent = new Agent()
const httpAgent = new nodeHttp.Agent({ keepAlive: true })
const axiosWithAgent = axios.create({ httpAgent, responseType: 'text', transformResponse: [(data: unknown) => data] })
afterAll(async () => {
  httpAgent.destroy()
  await undiciAgent.close()
})

const pooled: ReadonlyArray<readonly [string, Send]> = [
  ['undici.request + Agent', async (url) => (await undiciRequest(url, { dispatcher: undiciAgent })).body.text()],
  ['undici.fetch + Agent', async (url) => (await undiciFetch(url, { dispatcher: undiciAgent })).text()],
  ['node:http + keep-alive Agent', (url) => textOf(nodeHttp.get(url, { agent: httpAgent }))],
  ['axios + keep-alive Agent', async (url) => String((await axiosWithAgent.get(url)).data)],
]
const plain: ReadonlyArray<readonly [string, Send]> = clients.map(([name, client]) => [name, async (url: string) => (await client(url)).body])
const everyClient = [...pooled, ...plain]

function textOf(request: nodeHttp.ClientRequest): Promise<string> {
  return new Promise((resolve, reject) => {
    request.on('error', reject)
    request.on('response', (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => resolve(body))
      response.on('error', reject)
    })
  })
}

const servers: Array<{ close(): void }> = []
afterAll(() => {
  for (const server of servers) server.close()
})

/** Passes `order` through a first server, closes it, then a second one must answer or refuse every client. */
async function cycle(order: ReadonlyArray<readonly [string, Send]>, label: string): Promise<void> {
  const recording = setupServer(http.all(`${real.origin}/*`, () => passthrough()))
  servers.push(recording)
  recording.listen({ onUnhandledRequest: 'bypass' })
  try {
    for (const [name, send] of order) expect(await send(`${real.origin}/through`), `${label}: ${name} passthrough`).toBe('real GET /through')
  } finally {
    recording.close()
  }

  const hitsBefore = real.received.length
  const replaying = setupServer(http.get(`${real.origin}/mocked`, () => HttpResponse.text('mocked')))
  servers.push(replaying)
  replaying.listen({ onUnhandledRequest: 'error' })
  try {
    for (const [name, send] of [...order, ...everyClient.filter((client) => !order.includes(client))]) {
      expect(await send(`${real.origin}/mocked`), `${label}: ${name} mocked`).toBe('mocked')
      await expect(send(`${real.origin}/unhandled`), `${label}: ${name} unhandled`).rejects.toThrow()
    }
  } finally {
    replaying.close()
  }
  expect(real.received.slice(hitsBefore).map(({ url }) => url), `${label}: requests that reached the real server`).toEqual([])
}

for (const own of pooled) {
  for (const other of plain) {
    for (const order of [[own, other], [other, own]]) {
      it(`after passthrough by ${order.map(([name]) => name).join(' then ')}: 2 cycles, nothing reaches the network under 'error'`, async () => {
        const console = captureConsole()
        try {
          for (let round = 1; round <= 2; round++) await cycle(order, `cycle ${round}`)
        } finally {
          console.restore()
        }
      })
    }
  }
}

it('a pooled connection still reading a passed-through answer at close() finishes it, then is not reused by the next server', async () => {
  const console = captureConsole()
  try {
    const recording = setupServer(http.all(`${real.origin}/*`, () => passthrough()))
    servers.push(recording)
    recording.listen({ onUnhandledRequest: 'bypass' })
    // Its body still arriving: the connection is busy at close().
    const response = await undiciRequest(`${real.origin}/busy`, { dispatcher: undiciAgent })
    recording.close()
    expect(await response.body.text()).toBe('real GET /busy')

    const hitsBefore = real.received.length
    const replaying = setupServer(http.get(`${real.origin}/mocked`, () => HttpResponse.text('mocked')))
    servers.push(replaying)
    replaying.listen({ onUnhandledRequest: 'error' })
    try {
      expect(await (await undiciRequest(`${real.origin}/mocked`, { dispatcher: undiciAgent })).body.text()).toBe('mocked')
      await expect(undiciRequest(`${real.origin}/unhandled`, { dispatcher: undiciAgent })).rejects.toThrow()
    } finally {
      replaying.close()
    }
    expect(real.received.slice(hitsBefore).map(({ url }) => url)).toEqual([])
  } finally {
    console.restore()
  }
})

it('a connection pooled before listen() (no server listening yet) does not carry the requests made while listening', async () => {
  const console = captureConsole()
  try {
    for (const [name, send] of everyClient) expect(await send(`${real.origin}/before-listen`), name).toBe('real GET /before-listen')
    const hitsBefore = real.received.length
    const listening = setupServer(http.get(`${real.origin}/mocked`, () => HttpResponse.text('mocked')))
    servers.push(listening)
    listening.listen({ onUnhandledRequest: 'error' })
    try {
      for (const [name, send] of everyClient) {
        expect(await send(`${real.origin}/mocked`), `${name} mocked`).toBe('mocked')
        await expect(send(`${real.origin}/unhandled`), `${name} unhandled`).rejects.toThrow()
      }
    } finally {
      listening.close()
    }
    expect(real.received.slice(hitsBefore).map(({ url }) => url)).toEqual([])
  } finally {
    console.restore()
  }
})

it('after close() with no server listening, the pooled clients reach the network again', async () => {
  const recording = setupServer(http.all(`${real.origin}/*`, () => passthrough()))
  servers.push(recording)
  recording.listen({ onUnhandledRequest: 'bypass' })
  for (const [name, send] of pooled) expect(await send(`${real.origin}/through`), name).toBe('real GET /through')
  recording.close()
  for (const [name, send] of pooled) expect(await send(`${real.origin}/after-close`), name).toBe('real GET /after-close')
})
