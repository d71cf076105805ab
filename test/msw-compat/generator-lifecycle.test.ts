// Issue 22, items 7 and 8: a resolver that returns a generator, measured against msw 2.15.
// - finalize(cleanup) scheduled before the generator is returned runs once, when the
//   generator is exhausted: not on the first answer, not again on the repeats after.
// - a generator whose `finally` throws: that request gets the coerced 500 (the error's
//   name and message), console.error gets the error, and later requests get the last
//   response the generator yielded (msw repeats it once the generator is closed).
import nodeHttps from 'node:https'
import axios from 'axios'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { captureConsole, failOnUnhandledRejection } from '../integration/support/harness.js'

const API = 'https://api.generator-lifecycle.test'
const server = setupServer()
failOnUnhandledRejection()

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

async function get(path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${API}${path}`)
  return { status: response.status, text: await response.text() }
}

function getWithNodeHttps(path: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    nodeHttps
      .get(`${API}${path}`, (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
      })
      .on('error', reject)
  })
}

describe('finalize() in a resolver that returns an async generator (item 7)', () => {
  it('runs once, when the generator is exhausted', async () => {
    const log: string[] = []
    server.use(
      http.get('*/returns-generator', ({ finalize }) => {
        finalize(() => void log.push('cleanup'))
        return (async function* () {
          yield HttpResponse.text('one')
          yield HttpResponse.text('two')
          return HttpResponse.text('three')
        })()
      }),
    )
    expect(await get('/returns-generator')).toEqual({ status: 200, text: 'one' })
    expect(log).toEqual([])
    expect((await axios.get(`${API}/returns-generator`)).data).toBe('two')
    expect(log).toEqual([])
    expect(await getWithNodeHttps('/returns-generator')).toEqual({ status: 200, text: 'three' })
    expect(log).toEqual(['cleanup'])
    expect(await get('/returns-generator')).toEqual({ status: 200, text: 'three' })
    expect(await get('/returns-generator')).toEqual({ status: 200, text: 'three' })
    expect(log).toEqual(['cleanup'])
  })

  it('an async generator resolver that calls finalize() runs it once, when exhausted', async () => {
    const log: string[] = []
    server.use(
      http.get(`${API}/async-generator`, async function* ({ finalize }) {
        finalize(() => void log.push('cleanup'))
        yield HttpResponse.text('one')
        return HttpResponse.text('two')
      }),
    )
    expect(await get('/async-generator')).toEqual({ status: 200, text: 'one' })
    expect(log).toEqual([])
    expect(await get('/async-generator')).toEqual({ status: 200, text: 'two' })
    expect(log).toEqual(['cleanup'])
    expect(await get('/async-generator')).toEqual({ status: 200, text: 'two' })
    expect(await get('/async-generator')).toEqual({ status: 200, text: 'two' })
    expect(log).toEqual(['cleanup'])
  })

  it('cleanups of several requests to one generator all run at its end, newest first', async () => {
    const log: string[] = []
    let request = 0
    server.use(
      http.get(`${API}/per-request`, ({ finalize }) => {
        const number = ++request
        finalize(() => void log.push(`cleanup ${number}`))
        return (async function* () {
          yield HttpResponse.text('one')
          return HttpResponse.text('two')
        })()
      }),
    )
    expect(await get('/per-request')).toEqual({ status: 200, text: 'one' })
    // The generator is active: the resolver is not called again, the next step answers.
    expect(await get('/per-request')).toEqual({ status: 200, text: 'two' })
    expect(request).toBe(1)
    expect(log).toEqual(['cleanup 1'])
  })
})

describe("a generator resolver whose finally throws (item 8)", () => {
  it('answers that request with the coerced 500 and prints the error; later requests repeat the last yielded response', async () => {
    const console = captureConsole()
    try {
      server.use(
        http.get(`${API}/broken-finally`, function* () {
          try {
            yield HttpResponse.text('first')
            return HttpResponse.text('last')
          } finally {
            // eslint-disable-next-line no-unsafe-finally
            throw new TypeError('finally broke')
          }
        }),
      )
      // The first step does not reach the finally block.
      expect(await get('/broken-finally')).toEqual({ status: 200, text: 'first' })
      expect(console.errors()).toEqual([])

      const failed = await fetch(`${API}/broken-finally`)
      expect(failed.status).toBe(500)
      const body = (await failed.json()) as { name: string; message: string; stack: string }
      expect(body.name).toBe('TypeError')
      expect(body.message).toBe('finally broke')
      expect(body.stack).toContain('finally broke')
      expect(console.errors().some((line) => line.includes('finally broke'))).toBe(true)

      // As msw 2.15: the generator is closed, the last response it yielded repeats.
      expect(await get('/broken-finally')).toEqual({ status: 200, text: 'first' })
      expect(await getWithNodeHttps('/broken-finally')).toEqual({ status: 200, text: 'first' })
    } finally {
      console.restore()
    }
  })

  it('the same for an async generator that throws in finally after its only yield', async () => {
    const console = captureConsole()
    try {
      server.use(
        http.get(`${API}/broken-async`, async function* () {
          try {
            yield HttpResponse.text('first')
          } finally {
            // eslint-disable-next-line no-unsafe-finally
            throw new RangeError('after first')
          }
        }),
      )
      expect(await get('/broken-async')).toEqual({ status: 200, text: 'first' })
      const failed = await axios.get(`${API}/broken-async`, { validateStatus: () => true })
      expect(failed.status).toBe(500)
      expect(failed.data).toMatchObject({ name: 'RangeError', message: 'after first' })
      expect(console.errors().some((line) => line.includes('after first'))).toBe(true)
      expect(await get('/broken-async')).toEqual({ status: 200, text: 'first' })
    } finally {
      console.restore()
    }
  })
})
