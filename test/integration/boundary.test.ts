// Spec §3 inside boundaries, and §4.1's boundary signature: isolation through
// AsyncLocalStorage, seen by every client, under heavy concurrency.
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { API, clients, viaFetch, viaNodeHttp, type Client } from './support/clients.js'
import { failOnUnhandledRejection } from './support/harness.js'

const initial = http.get(`${API}/who`, () => HttpResponse.text('initial'))
const server = setupServer(initial)

failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const who = async (client: Client = viaFetch) => (await client(`${API}/who`)).body
const reply = (body: string) => http.get(`${API}/who`, () => HttpResponse.text(body))

describe('boundary()', () => {
  it('starts with the handlers of the enclosing scope, overrides included', async () => {
    const outer = reply('outer override')
    server.use(outer)
    await server.boundary(async () => {
      expect(server.listHandlers()).toEqual([outer, initial])
      expect(await who()).toBe('outer override')
    })()
  })

  it('use() inside affects only that boundary', async () => {
    await server.boundary(async () => {
      server.use(reply('inside'))
      expect(await who()).toBe('inside')
    })()
    expect(await who()).toBe('initial')
    expect(server.listHandlers()).toEqual([initial])
  })

  it('resetHandlers() inside removes only the overrides made in that boundary', async () => {
    server.use(reply('outer override'))
    await server.boundary(async () => {
      server.use(reply('inside'))
      expect(await who()).toBe('inside')
      server.resetHandlers()
      expect(await who()).toBe('outer override')
    })()
    expect(await who()).toBe('outer override')
  })

  it('resetHandlers(...next) inside replaces the boundary initial handlers only', async () => {
    await server.boundary(async () => {
      server.resetHandlers(reply('next'))
      expect(await who()).toBe('next')
    })()
    expect(await who()).toBe('initial')
  })

  it('nested boundaries start from the whole state of the parent and do not leak into it', async () => {
    await server.boundary(async () => {
      server.use(reply('A'))
      await server.boundary(async () => {
        expect(await who()).toBe('A')
        server.use(reply('B'))
        expect(await who()).toBe('B')
        server.resetHandlers()
        expect(await who()).toBe('A')
        server.use(reply('B again'))
      })()
      expect(await who()).toBe('A')
    })()
    expect(await who()).toBe('initial')
  })

  it('forwards arguments and the return value of a sync callback', () => {
    const wrapped = server.boundary((a: number, b: string) => `${b}:${a * 2}`)
    expect(wrapped(21, 'x')).toBe('x:42')
  })

  it('forwards arguments and the resolved value of an async callback, and its rejections', async () => {
    const wrapped = server.boundary(async (id: string) => {
      server.use(reply(`for ${id}`))
      return who()
    })
    await expect(wrapped('7')).resolves.toBe('for 7')
    const failing = server.boundary(async () => {
      throw new Error('boom')
    })
    await expect(failing()).rejects.toThrow('boom')
    const throwing = server.boundary(() => {
      throw new Error('sync boom')
    })
    expect(() => throwing()).toThrow('sync boom')
  })

  it('keeps the boundary for work scheduled with timers and microtasks', async () => {
    await server.boundary(async () => {
      server.use(reply('scheduled'))
      const viaTimer = await new Promise<string>((resolve) => setTimeout(() => resolve(who()), 1))
      const viaMicrotask = await Promise.resolve().then(() => who())
      expect([viaTimer, viaMicrotask]).toEqual(['scheduled', 'scheduled'])
    })()
  })

  it.each(clients)('every client inside a boundary sees its overrides (%s)', async (_name, client) => {
    await server.boundary(async () => {
      server.use(reply('boundary'))
      expect(await who(client)).toBe('boundary')
    })()
    expect(await who(client)).toBe('initial')
  })
})

describe('100 concurrent boundaries', () => {
  const run = async (client: Client) => {
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        server.boundary(async () => {
          server.use(reply(`boundary ${n}`))
          // Interleave: yield so other boundaries install their overrides first.
          await new Promise((resolve) => setTimeout(resolve, n % 7))
          const first = await who(client)
          if (n % 3 === 0) {
            server.resetHandlers()
            server.use(reply(`boundary ${n} again`))
          }
          const second = await who(client)
          return [first, second]
        })(),
      ),
    )
    results.forEach(([first, second], n) => {
      expect(first).toBe(`boundary ${n}`)
      expect(second).toBe(n % 3 === 0 ? `boundary ${n} again` : `boundary ${n}`)
    })
    expect(await who(client)).toBe('initial')
    expect(server.listHandlers()).toEqual([initial])
  }

  it('never see each other through fetch', () => run(viaFetch))
  it('never see each other through node:http', () => run(viaNodeHttp))
})
