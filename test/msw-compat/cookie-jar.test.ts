// Cookies set by mocked responses are remembered per origin and appear in later requests' cookies (as msw 2).
import axios from 'axios'
import { cookieJar, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

const API = 'https://api.jar.test'
const server = setupServer(
  http.post(`${API}/login`, () => HttpResponse.text('ok', { headers: { 'set-cookie': 'session=abc-123; Path=/; HttpOnly' } })),
  http.get(`${API}/*`, ({ cookies }) => HttpResponse.json({ ...cookies })),
  http.get('https://other.jar.test/*', ({ cookies }) => HttpResponse.json({ ...cookies })),
  http.get('http://api.jar.test/*', ({ cookies }) => HttpResponse.json({ ...cookies })),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  cookieJar.clear()
})
afterAll(() => server.close())

const cookiesAt = async (url: string) => (await fetch(url)).json()
const setting = (path: string, ...cookies: string[]) =>
  server.use(http.get(`${API}${path}`, () => new HttpResponse(null, { status: 204, headers: cookies.map((value): [string, string] => ['set-cookie', value]) })))

describe('the cookie jar', () => {
  it('a cookie set by a mocked response is in the cookies of later requests to that origin only', async () => {
    await fetch(`${API}/login`, { method: 'POST' })
    expect(await cookiesAt(`${API}/me`)).toEqual({ session: 'abc-123' })
    expect((await axios.get(`${API}/me`)).data).toEqual({ session: 'abc-123' })
    expect(await cookiesAt('https://other.jar.test/me')).toEqual({})
  })

  it('the Cookie header the client sends wins over a remembered cookie', async () => {
    await fetch(`${API}/login`, { method: 'POST' })
    expect(await (await fetch(`${API}/me`, { headers: { cookie: 'session=mine' } })).json()).toEqual({ session: 'mine' })
  })

  it('honours Path', async () => {
    setting('/set-path', 'scoped=1; Path=/account')
    await fetch(`${API}/set-path`)
    expect(await cookiesAt(`${API}/account/settings`)).toEqual({ scoped: '1' })
    expect(await cookiesAt(`${API}/accounts`)).toEqual({})
    expect(await cookiesAt(`${API}/`)).toEqual({})
  })

  it('honours Domain (subdomains) and refuses a foreign one', async () => {
    setting('/set-domain', 'wide=1; Domain=jar.test; Path=/', 'foreign=1; Domain=example.com; Path=/')
    await fetch(`${API}/set-domain`)
    expect(await cookiesAt('https://other.jar.test/x')).toEqual({ wide: '1' })
  })

  it('honours Max-Age and Expires, and Max-Age=0 removes a cookie', async () => {
    setting('/set-ages', 'short=1; Max-Age=1; Path=/', 'past=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/', 'kept=1; Expires=Fri, 01 Jan 2100 00:00:00 GMT; Path=/')
    await fetch(`${API}/set-ages`)
    expect(await cookiesAt(`${API}/x`)).toEqual({ short: '1', kept: '1' })
    setting('/drop', 'kept=; Max-Age=0; Path=/')
    await fetch(`${API}/drop`)
    expect(await cookiesAt(`${API}/x`)).toEqual({ short: '1' })
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect(await cookiesAt(`${API}/x`)).toEqual({})
  })

  it('a Secure cookie is not sent over http', async () => {
    setting('/set-secure', 'token=1; Secure; Path=/')
    await fetch(`${API}/set-secure`)
    expect(await cookiesAt(`${API}/x`)).toEqual({ token: '1' })
    expect(await cookiesAt('http://api.jar.test/x')).toEqual({})
  })

  it('cookieJar.clear() forgets them', async () => {
    await fetch(`${API}/login`, { method: 'POST' })
    cookieJar.clear()
    expect(await cookiesAt(`${API}/me`)).toEqual({})
  })
})
