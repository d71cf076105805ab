// msw 2.14+: finalize(cleanup) in the resolver argument (http and graphql), through real clients.
import nodeHttp from 'node:http'
import axios from 'axios'
import { graphql, http, HttpResponse, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { captureConsole, failOnUnhandledRejection, useLocalServer } from '../integration/support/harness.js'

const API = 'https://api.finalize.test'
const real = useLocalServer()
const server = setupServer()
failOnUnhandledRejection()

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms))

describe('finalize(cleanup)', () => {
  it('runs cleanups newest first, awaited before the response is sent (fetch, axios, node:http)', async () => {
    const log: string[] = []
    server.use(
      http.get(`${API}/order`, ({ finalize }) => {
        finalize(async () => {
          await tick()
          log.push('first')
        })
        finalize(() => void log.push('second'))
        log.push('resolver')
        return HttpResponse.text('ok')
      }),
    )
    const response = await fetch(`${API}/order`)
    expect(log).toEqual(['resolver', 'second', 'first'])
    expect(await response.text()).toBe('ok')
    log.length = 0
    expect((await axios.get(`${API}/order`)).data).toBe('ok')
    expect(log).toEqual(['resolver', 'second', 'first'])
    log.length = 0
    // The API is https; node:http reaches it through the same handlers over http.
    server.use(http.get('http://api.finalize.test/order', ({ finalize }) => {
      finalize(() => void log.push('cleaned'))
      return HttpResponse.text('ok')
    }))
    const status = await new Promise<number | undefined>((resolve, reject) => {
      nodeHttp.get('http://api.finalize.test/order', (response) => {
        // The head arrives after the cleanup ran.
        log.push('head')
        response.resume()
        resolve(response.statusCode)
      }).on('error', reject)
    })
    expect([status, log]).toEqual([200, ['cleaned', 'head']])
  })

  it('runs them when the resolver throws an Error (500) or a Response', async () => {
    const log: string[] = []
    const console = captureConsole()
    server.use(
      http.get(`${API}/throws`, ({ finalize }) => {
        finalize(() => void log.push('error cleaned'))
        throw new Error('boom')
      }),
      http.get(`${API}/throws-response`, ({ finalize }) => {
        finalize(() => void log.push('response cleaned'))
        throw HttpResponse.text('thrown', { status: 418 })
      }),
    )
    try {
      expect((await fetch(`${API}/throws`)).status).toBe(500)
      const thrown = await fetch(`${API}/throws-response`)
      expect([thrown.status, await thrown.text()]).toEqual([418, 'thrown'])
      expect(log).toEqual(['error cleaned', 'response cleaned'])
    } finally {
      console.restore()
    }
  })

  it('runs them when the resolver answers nothing (the next handler answers) and on passthrough()', async () => {
    const log: string[] = []
    server.use(
      http.get(`${API}/nothing`, ({ finalize }) => {
        finalize(() => void log.push('nothing cleaned'))
      }),
      http.get(`${API}/nothing`, () => HttpResponse.text('next')),
      http.get(`${real.origin}/through`, ({ finalize }) => {
        finalize(() => void log.push('passthrough cleaned'))
        return passthrough()
      }),
    )
    expect(await (await fetch(`${API}/nothing`)).text()).toBe('next')
    expect(log).toEqual(['nothing cleaned'])
    log.length = 0
    expect(await (await fetch(`${real.origin}/through`)).text()).toBe('real GET /through')
    expect(log).toEqual(['passthrough cleaned'])
  })

  it('runs them as soon as the request is aborted, while the resolver still waits', async () => {
    const log: string[] = []
    let release!: () => void
    server.use(
      http.get(`${API}/slow`, async ({ finalize }) => {
        finalize(() => void log.push('aborted cleaned'))
        await new Promise<void>((resolve) => (release = resolve))
        return HttpResponse.text('late')
      }),
    )
    const controller = new AbortController()
    const pending = fetch(`${API}/slow`, { signal: controller.signal })
    await tick(20)
    controller.abort()
    await expect(pending).rejects.toThrow()
    await tick()
    expect(log).toEqual(['aborted cleaned'])
    release()
    await tick()
    // Run once: the resolver settling later does not run them again.
    expect(log).toEqual(['aborted cleaned'])
  })

  it('parallel requests each run their own cleanups', async () => {
    const cleaned: string[] = []
    server.use(
      http.get(`${API}/item/:id`, async ({ params, finalize }) => {
        finalize(() => void cleaned.push(params.id as string))
        await tick(params.id === 'a' ? 20 : 1)
        return HttpResponse.text(params.id as string)
      }),
    )
    const [a, b] = await Promise.all([fetch(`${API}/item/a`), fetch(`${API}/item/b`)])
    expect([await a.text(), await b.text()]).toEqual(['a', 'b'])
    expect(cleaned).toEqual(['b', 'a'])
  })

  it('a generator runs its cleanups once it is exhausted', async () => {
    const log: string[] = []
    server.use(
      http.get(`${API}/steps`, function* ({ finalize }) {
        finalize(() => void log.push('generator cleaned'))
        yield HttpResponse.text('one')
        yield HttpResponse.text('two')
        return HttpResponse.text('last')
      }),
    )
    expect(await (await fetch(`${API}/steps`)).text()).toBe('one')
    expect(await (await fetch(`${API}/steps`)).text()).toBe('two')
    expect(log).toEqual([])
    expect(await (await fetch(`${API}/steps`)).text()).toBe('last')
    expect(log).toEqual(['generator cleaned'])
    expect(await (await fetch(`${API}/steps`)).text()).toBe('last')
    expect(log).toEqual(['generator cleaned'])
  })

  it('a ReadableStream body runs them once the client has read the stream', async () => {
    const log: string[] = []
    server.use(
      http.get(`${API}/stream`, ({ finalize }) => {
        let timer: ReturnType<typeof setInterval> | undefined
        let sent = 0
        finalize(() => {
          clearInterval(timer)
          log.push('stream cleaned')
        })
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            timer = setInterval(() => {
              controller.enqueue(new TextEncoder().encode(`${sent++}`))
              if (sent === 3) controller.close()
            }, 2)
          },
        })
        return new HttpResponse(stream, { headers: { 'content-type': 'text/plain' } })
      }),
    )
    const response = await fetch(`${API}/stream`)
    expect(await response.text()).toBe('012')
    await tick()
    expect(log).toEqual(['stream cleaned'])
  })

  it('a cleanup that throws is printed and does not change the response', async () => {
    const console = captureConsole()
    server.use(
      http.get(`${API}/bad-cleanup`, ({ finalize }) => {
        finalize(() => {
          throw new Error('cleanup failed')
        })
        return HttpResponse.text('fine')
      }),
    )
    try {
      expect(await (await fetch(`${API}/bad-cleanup`)).text()).toBe('fine')
      expect(console.errors().join('\n')).toMatch(/\[mocklib\] A finalize\(\) cleanup of "GET https:\/\/api.finalize.test\/bad-cleanup" threw/)
    } finally {
      console.restore()
    }
  })

  it('works in GraphQL resolvers', async () => {
    const log: string[] = []
    server.use(
      graphql.query('GetUser', ({ finalize }) => {
        finalize(() => void log.push('graphql cleaned'))
        return HttpResponse.json({ data: { user: { id: '1' } } })
      }),
    )
    const response = await fetch(`${API}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query GetUser { user { id } }' }),
    })
    expect(await response.json()).toEqual({ data: { user: { id: '1' } } })
    expect(log).toEqual(['graphql cleaned'])
  })
})
