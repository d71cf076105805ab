/**
 * Issue 14, items 3 and 4: matching a path pattern, and finding the handlers a
 * path may match (the index), cost time linear in the URL. Each request below
 * carries a 16 KB hostile path and must be answered within 50 ms.
 */
import { http, HttpResponse, type HttpHandler } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

const SIZE = 16 * 1024
const BUDGET_MS = 50
const ORIGIN = 'https://paths.time.test'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

/** Registers `pattern` (answering with its params) plus a catch-all, and times one request. */
async function timeRequest(
  pattern: string,
  url: string,
  others: readonly HttpHandler[] = [],
): Promise<{ ms: number; body: { matched: boolean; params?: Record<string, string> } }> {
  server.use(
    http.get(pattern, ({ params }) => HttpResponse.json({ matched: true, params })),
    ...others,
    http.get('*', () => HttpResponse.json({ matched: false })),
  )
  await (await fetch(`${ORIGIN}/warm-up`)).arrayBuffer()
  const started = performance.now()
  const response = await fetch(url)
  const body = (await response.json()) as { matched: boolean; params?: Record<string, string> }
  return { ms: performance.now() - started, body }
}

const repeat = (text: string, size = SIZE) => text.repeat(Math.ceil(size / text.length))

describe('path patterns match hostile 16 KB URLs in linear time', () => {
  const cases: Array<[string, string, string, boolean]> = [
    ['five params split by "-", matching', `${ORIGIN}/:a-:b-:c-:d-:e`, `${ORIGIN}/${repeat('a-')}`, true],
    ['five params split by "-", no match', `${ORIGIN}/:a-:b-:c-:d-:e/end`, `${ORIGIN}/${repeat('a-')}/x`, false],
    ['five params split by "-", no separator at all', '/:a-:b-:c-:d-:e', `${ORIGIN}/${repeat('a')}`, false],
    ['five params split by "."', '/:a.:b.:c.:d.:e', `${ORIGIN}/${repeat('a.')}`, true],
    ['five params split by ".", no match', '/:a.:b.:c.:d.:e/x', `${ORIGIN}/${repeat('a.')}/y`, false],
    ['name and extension, many dots', '/files/:name.:ext', `${ORIGIN}/files/${repeat('a.')}`, true],
    ['name and extension, no dot', '/files/:name.:ext', `${ORIGIN}/files/${repeat('a')}`, false],
    ['name and fixed extension, no match', '/files/:name.json', `${ORIGIN}/files/${repeat('a.json.')}`, false],
    ['several wildcards', '/*/x/*/y/*/z', `${ORIGIN}/${repeat('x/y/')}`, false],
    ['several wildcards, matching', '/*/x/*/y/*/z', `${ORIGIN}/${repeat('x/y/')}z`, true],
    ['wildcards and params', '/*/:a/*/:b/*/end', `${ORIGIN}/${repeat('a/')}`, false],
    ['host wildcards', 'https://*.*.*.*.time.test/x', `https://${repeat('a.', SIZE - 20)}time.test/y`, false],
    ['host wildcards, matching', 'https://*.*.*.*.time.test/x', `https://${repeat('a.', SIZE - 20)}time.test/x`, true],
    ['host params', 'https://:a.:b.:c.time.test/x', `https://${repeat('a.', SIZE - 20)}time.test/x`, false],
    ['optional segments', '/:a?/:b?/:c?/x', `${ORIGIN}/${repeat('a/')}y`, false],
    // Inline patterns are checked by a table over the URL, never run as a RegExp.
    ['inline class after unconstrained params, no match', '/:a-:b-:c-:d(\\d+)', `${ORIGIN}/${repeat('a-')}x`, false],
    ['inline class after unconstrained params, matching', '/:a-:b-:c-:d(\\d+)', `${ORIGIN}/${repeat('a-')}1`, true],
    ['inline classes in a row, no match', '/:a(\\d+):b(\\d+):c(\\d+)x', `${ORIGIN}/${repeat('1')}y`, false],
    ['inline class and wildcards', '/*/:a([a-z]+)/*/:b(\\d+)/end', `${ORIGIN}/${repeat('a/')}`, false],
    ['inline alternation, long subject', '/:a.:b(json|jsonl|xml)', `${ORIGIN}/${repeat('a.json')}x`, false],
    ['optional inline segments', '/:a(\\w+)?/:b(\\w+)?/:c(\\w+)?/x', `${ORIGIN}/${repeat('a/')}y`, false],
  ]

  it.each(cases)('%s', async (_name, pattern, url, matched) => {
    const { ms, body } = await timeRequest(pattern, url)
    expect(body.matched).toBe(matched)
    expect(ms).toBeLessThan(BUDGET_MS)
  })
})

describe('the handler index is linear in the path', () => {
  it('a 16 KB path with thousands of segments', async () => {
    const others = [http.get('/api/posts/:id', () => HttpResponse.json({ matched: true })), http.get('/a/a/a/a/a/b', () => HttpResponse.json({ matched: true }))]
    const { ms, body } = await timeRequest('/other', `${ORIGIN}/${repeat('a/')}`, others)
    expect(body.matched).toBe(false)
    expect(ms).toBeLessThan(BUDGET_MS)
  })

  it('a 16 KB path with one long segment', async () => {
    const others = [http.get('/api/posts/:id', () => HttpResponse.json({ matched: true }))]
    const { ms, body } = await timeRequest('/other', `${ORIGIN}/api/posts/${repeat('a')}`, others)
    expect(body.matched).toBe(true)
    expect(ms).toBeLessThan(BUDGET_MS)
  })
})
