/**
 * Creating a handler reads a plain pattern with a cheap scan (plainStaticPrefix in path-pattern.ts)
 * instead of the tokenizer; the matcher is compiled on the first request that
 * reaches the handler. The scan must give exactly the tokenizer's index key,
 * and leave every pattern it does not fully understand (or that is invalid)
 * to the tokenizer, so that bad patterns still throw at creation.
 */
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { plainStaticPrefix } from '../../src/dsl/http/path-pattern.js'
import { tokenizePath } from '../../src/dsl/http/path-tokenizer.js'

/** A deterministic generator, so that a failure names a pattern that can be replayed. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff
    return state / 0x7fffffff
  }
}

// Plain pieces (which the scan reads) and the others (which it must leave to the tokenizer).
const PLAIN = ['/', '/', '/', 'api', 'Posts', 'v1', ':id', ':name', ':x9', ':id', '-', '.', '_', '~', '@', '+', ',', ';', '=', '!', '$', '&', 'a', 'Z', '0']
const OTHER = [':', '::', ':1', '?', '*', '%20', '#h', '(', ')', ' ', 'é', '//', ':id?', ':id(\\d+)']
const STARTS = ['', '/', 'http://localhost', 'https://api.example.com', 'http://localhost:3000', 'http://LOCAL.test:80', 'https://', 'http://:sub.example.com', 'http://a@b', 'ftp://x', '*', '//cdn.test', 'HTTP://x.test']

function tokenizerPrefix(pattern: string): string | Error {
  try {
    return tokenizePath(pattern, 'http.get()', false).staticPrefix
  } catch (error) {
    return error as Error
  }
}

describe('the plain-pattern scan', () => {
  it('gives the tokenizer’s index key for every pattern it reads, and reads no invalid one', () => {
    const next = random(42)
    let read = 0
    for (let n = 0; n < 20_000; n++) {
      let pattern = STARTS[Math.floor(next() * STARTS.length)]!
      const length = 1 + Math.floor(next() * 7)
      for (let i = 0; i < length; i++) {
        const pieces = next() < 0.9 ? PLAIN : OTHER
        pattern += pieces[Math.floor(next() * pieces.length)]!
      }
      const quick = plainStaticPrefix(pattern)
      if (quick === undefined) continue
      read++
      expect([pattern, quick]).toEqual([pattern, tokenizerPrefix(pattern)])
    }
    // The scan must really cover the common shapes, not give up on everything.
    expect(read).toBeGreaterThan(2_000)
  })

  it('reads the common shapes', () => {
    expect(plainStaticPrefix('http://localhost/API/r1/:id')).toBe('/api/r1')
    expect(plainStaticPrefix('/posts/:id/comments')).toBe('/posts')
    expect(plainStaticPrefix('/posts/v:id')).toBe('/posts')
    expect(plainStaticPrefix('https://api.example.com:8443/v1/users/')).toBe('/v1/users')
    expect(plainStaticPrefix('/:a/:b')).toBe('')
    expect(plainStaticPrefix('http://localhost')).toBe('')
  })

  it('leaves what it does not read to the tokenizer', () => {
    for (const pattern of ['/posts/:id/:id', '/a/:', '/a/:id?', '/a/:id(\\d+)', '/a?b=1', '/a#h', '/a/*', '/a%20b', 'posts', '//cdn.test/a', 'http://:sub.test/a', '/a//b', ' /a']) {
      expect(plainStaticPrefix(pattern), pattern).toBeUndefined()
    }
  })
})

describe('creation stays strict while compiling lazily', () => {
  it('throws a [mocklib] error at creation for a duplicate param, a bad colon and an inline pattern outside the safe subset', () => {
    // The types refuse these patterns too; widened to string to reach the runtime check.
    expect(() => http.get('http://localhost/a/:id/b/:id' as string, () => undefined)).toThrow(/\[mocklib\].*":id" twice/)
    expect(() => http.get('/a/:/b' as string, () => undefined)).toThrow(/\[mocklib\].*":" at position 3/)
    expect(() => http.get('/a/:id(.*)' as string, () => undefined)).toThrow(/\[mocklib\].*inline pattern "\(\.\*\)", which mocklib does not accept/)
  })

  const server = setupServer()
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => server.resetHandlers())
  afterAll(() => server.close())

  it('answers through handlers registered in bulk, each matcher compiled on its first request', async () => {
    const handlers = Array.from({ length: 2_000 }, (_, i) => http.get(`http://localhost/api/R${i}/:id`, ({ params }) => HttpResponse.json({ i, id: params.id })))
    server.use(...handlers)
    for (const i of [0, 1_234, 1_999]) {
      const response = await fetch(`http://localhost/api/r${i}/x%20y/`)
      expect(await response.json()).toEqual({ i, id: 'x y' })
    }
  })

  it('keeps use() order: the handlers of the latest call first, each call in its own order', async () => {
    const answer = (text: string) => () => HttpResponse.text(text)
    server.use(http.get('/order', answer('A')), http.get('/ORDER', answer('B')))
    server.use(http.get('/order/', answer('C')), http.get('/Order', answer('D')))
    expect(server.listHandlers().map((handler) => handler.info.header)).toEqual(['GET /order/', 'GET /Order', 'GET /order', 'GET /ORDER'])
    expect(await (await fetch('http://localhost/order')).text()).toBe('C')
  })
})
