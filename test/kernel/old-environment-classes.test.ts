// The Fetch and URL classes of the test environments teams pin lack methods
// mocklib reads: jsdom 24.0's Headers has no getSetCookie (Vitest 2.1 puts it on
// the global), jsdom 20's URL has no canParse/parse (Jest 29). These stand-ins
// remove exactly those methods from real classes; test/versions runs the real
// old environments.
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setCookieValues } from '../../src/kernel/cookies.js'
import { canParseUrl, parseUrl } from '../../src/kernel/url-parse.js'

/** Headers as jsdom before 24.1 has them: iteration joins Set-Cookie values, no getSetCookie. */
class HeadersWithoutGetSetCookie extends Headers {
  declare getSetCookie: never
  constructor(init?: HeadersInit) {
    super(init)
    Object.defineProperty(this, 'getSetCookie', { value: undefined })
  }
  override forEach(callback: (value: string, name: string, parent: Headers) => void): void {
    const joined = super.getSetCookie().join(', ')
    super.forEach((value, name) => {
      if (name !== 'set-cookie') callback(value, name, this)
    })
    if (joined !== '') callback(joined, 'set-cookie', this)
  }
}

afterEach(() => vi.unstubAllGlobals())

describe('Set-Cookie values without Headers.getSetCookie', () => {
  it('splits joined values at each new cookie, not at an Expires comma', () => {
    const headers = new HeadersWithoutGetSetCookie([
      ['set-cookie', 'a=1; Path=/'],
      ['set-cookie', 'b=2; Expires=Wed, 21 Oct 2030 07:28:00 GMT; HttpOnly'],
      ['set-cookie', 'c=3'],
      ['content-type', 'text/plain'],
    ])
    expect(setCookieValues(headers)).toEqual(['a=1; Path=/', 'b=2; Expires=Wed, 21 Oct 2030 07:28:00 GMT; HttpOnly', 'c=3'])
  })

  it('stays linear on a hostile value', () => {
    const hostile = `a=1${', x'.repeat(200_000)}`
    const headers = new HeadersWithoutGetSetCookie([['set-cookie', hostile]])
    expect(setCookieValues(headers)).toEqual([hostile])
  })

  it('an HttpResponse with Set-Cookie answers fetch when the global Headers lacks getSetCookie', async () => {
    vi.stubGlobal('Headers', HeadersWithoutGetSetCookie)
    const server = setupServer(http.post('https://api.old-env.test/login', () => HttpResponse.json({ id: 1 }, { headers: { 'Set-Cookie': 'session=abc' } })))
    server.listen({ onUnhandledRequest: 'error' })
    try {
      const response = await fetch('https://api.old-env.test/login', { method: 'POST' })
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ id: 1 })
      expect(response.headers.get('set-cookie')).toBe('session=abc')
    } finally {
      server.close()
    }
  })
})

describe('URL parsing without URL.canParse and URL.parse', () => {
  it('falls back to the constructor', () => {
    class OldUrl extends URL {}
    Object.defineProperties(OldUrl, { canParse: { value: undefined }, parse: { value: undefined } })
    vi.stubGlobal('URL', OldUrl)
    expect(parseUrl('/b', 'https://api.test/a')?.href).toBe('https://api.test/b')
    expect(parseUrl('not a url')).toBeNull()
    expect(canParseUrl('https://api.test/')).toBe(true)
    expect(canParseUrl('::')).toBe(false)
  })
})
