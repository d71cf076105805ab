// msw's custom-interceptors recipe: `new SetupServerApi(handlers, interceptors)` intercepts only the mechanisms given.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { FetchInterceptor } from '@mswjs/interceptors/fetch'
import { http as rest, HttpResponse } from 'mocklib'
import { SetupServerApi, setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

let real: http.Server
let origin: string
beforeAll(async () => {
  real = http.createServer((_request, response) => response.end('real'))
  await new Promise<void>((resolve) => real.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(real.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => real.close(() => resolve())))

const handlers = () => [rest.get(`${origin}/resource`, () => HttpResponse.text('mocked'))]

function viaNodeHttp(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () => resolve(body))
      })
      .on('error', reject)
  })
}
const viaFetch = async (url: string) => (await fetch(url)).text()

describe('new SetupServerApi(handlers, interceptors)', () => {
  let server: SetupServerApi | undefined
  afterEach(() => {
    server?.close()
    server = undefined
  })

  it('with a ClientRequestInterceptor only, node:http is answered and global fetch reaches the real server', async () => {
    const realFetch = globalThis.fetch
    server = new SetupServerApi(handlers(), [new ClientRequestInterceptor()])
    server.listen({ onUnhandledRequest: 'error' })
    expect(globalThis.fetch).toBe(realFetch)
    expect(await viaNodeHttp(`${origin}/resource`)).toBe('mocked')
    expect(await viaFetch(`${origin}/resource`)).toBe('real')
  })

  it('with a FetchInterceptor only, global fetch is answered and node:http reaches the real server', async () => {
    server = new SetupServerApi(handlers(), [new FetchInterceptor()])
    server.listen({ onUnhandledRequest: 'error' })
    expect(await viaFetch(`${origin}/resource`)).toBe('mocked')
    expect(await viaNodeHttp(`${origin}/resource`)).toBe('real')
  })

  it('after close() nothing is intercepted any more, and listen() again works', async () => {
    server = new SetupServerApi(handlers(), [new ClientRequestInterceptor()])
    server.listen()
    server.close()
    expect(await viaNodeHttp(`${origin}/resource`)).toBe('real')
    server.listen()
    expect(await viaNodeHttp(`${origin}/resource`)).toBe('mocked')
  })

  it('use / resetHandlers / listHandlers / events / boundary work as on setupServer()', async () => {
    server = new SetupServerApi(handlers(), [new ClientRequestInterceptor()])
    const events: string[] = []
    server.events.on('request:start', ({ request }) => events.push(`start ${new URL(request.url).pathname}`))
    server.events.on('response:mocked', ({ response }) => events.push(`mocked ${response.status}`))
    server.listen()
    server.use(rest.get(`${origin}/resource`, () => HttpResponse.text('override')))
    expect(server.listHandlers()).toHaveLength(2)
    expect(await viaNodeHttp(`${origin}/resource`)).toBe('override')
    server.resetHandlers()
    expect(server.listHandlers()).toHaveLength(1)
    expect(await viaNodeHttp(`${origin}/resource`)).toBe('mocked')
    await server.boundary(async () => {
      server!.use(rest.get(`${origin}/resource`, () => HttpResponse.text('in boundary')))
      expect(await viaNodeHttp(`${origin}/resource`)).toBe('in boundary')
    })()
    expect(await viaNodeHttp(`${origin}/resource`)).toBe('mocked')
    expect(events).toEqual(['start /resource', 'mocked 200', 'start /resource', 'mocked 200', 'start /resource', 'mocked 200', 'start /resource', 'mocked 200'])
  })

  it("onUnhandledRequest 'warn' (the default) warns for an unhandled node:http request, which then reaches the network", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      server = new SetupServerApi(handlers(), [new ClientRequestInterceptor()])
      server.listen()
      expect(await viaNodeHttp(`${origin}/other`)).toBe('real')
      expect(warn).toHaveBeenCalledTimes(1)
      expect(String(warn.mock.calls[0]![0])).toContain(`GET ${origin}/other`)
    } finally {
      warn.mockRestore()
    }
  })

  it('is an instance of SetupServerApi; without interceptors it intercepts like setupServer()', async () => {
    server = new SetupServerApi(handlers())
    expect(server).toBeInstanceOf(SetupServerApi)
    server.listen()
    expect(await viaFetch(`${origin}/resource`)).toBe('mocked')
    expect(await viaNodeHttp(`${origin}/resource`)).toBe('mocked')
    expect(typeof setupServer).toBe('function')
  })

  it('two servers given the same interceptors listen together, chained as setupServer() servers are', async () => {
    server = new SetupServerApi(handlers(), [new ClientRequestInterceptor()])
    const newer = new SetupServerApi([rest.get(`${origin}/newer`, () => HttpResponse.text('newer'))], [new ClientRequestInterceptor()])
    server.listen({ onUnhandledRequest: 'error' })
    newer.listen({ onUnhandledRequest: 'bypass' })
    try {
      expect(await viaNodeHttp(`${origin}/newer`)).toBe('newer')
      expect(await viaNodeHttp(`${origin}/resource`)).toBe('mocked')
      expect(await viaFetch(`${origin}/resource`)).toBe('real')
    } finally {
      newer.close()
    }
  })

  it('listen() while a server with other interceptors listens throws a [mocklib] error instead of patching the clients twice', async () => {
    const usual = setupServer(...handlers())
    usual.listen()
    try {
      server = new SetupServerApi(handlers(), [new ClientRequestInterceptor()])
      expect(() => server!.listen()).toThrow(/\[mocklib\] server\.listen\(\) was called while a server that intercepts with other interceptors is listening.*Close the other server first/s)
      expect(await viaNodeHttp(`${origin}/resource`)).toBe('mocked')
    } finally {
      usual.close()
    }
    // Once the other one closed, it listens.
    server.listen()
    expect(await viaNodeHttp(`${origin}/resource`)).toBe('mocked')
    expect(await viaFetch(`${origin}/resource`)).toBe('real')
    expect(() => new SetupServerApi(handlers(), [new FetchInterceptor()]).listen()).toThrow(/other interceptors/)
  })

  it('a subclass may override a method and call super, as with msw\'s class', async () => {
    const calls: string[] = []
    class LoggingServer extends SetupServerApi {
      override listen(...args: Parameters<SetupServerApi['listen']>): void {
        calls.push('listen')
        super.listen(...args)
      }
    }
    server = new LoggingServer(handlers(), [new ClientRequestInterceptor()])
    server.listen()
    expect(calls).toEqual(['listen'])
    expect(await viaNodeHttp(`${origin}/resource`)).toBe('mocked')
  })

  it('refuses an interceptor it does not know, and handlers not given as an array, with a [mocklib] error', () => {
    class RemoteInterceptor {}
    expect(() => new SetupServerApi(handlers(), [new RemoteInterceptor() as never])).toThrow(/\[mocklib\].*interceptor it does not know \(RemoteInterceptor\).*ClientRequestInterceptor/s)
    expect(() => new SetupServerApi(handlers()[0] as never)).toThrow(/\[mocklib\].*as an array/s)
  })
})
