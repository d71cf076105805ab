// @vitest-environment jsdom
// Vitest's jsdom environment before Vitest 4 put jsdom's own AbortController,
// AbortSignal and Headers on the global next to
// Node's Request and fetch; projects still run that way. Here jsdom's classes
// (the window's, as Vitest keeps it on `globalThis.jsdom`) are made global again:
// XHR (axios's xhr adapter) and fetch must still be answered, with those signals,
// and a mocked Set-Cookie must not break an XHR.
import axios from 'axios'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

const API = 'http://api.window-classes.test'
const window = (globalThis as unknown as { jsdom: { window: Record<string, any> } }).jsdom.window

const server = setupServer(
  http.post(`${API}/echo`, async ({ request }) => HttpResponse.json({ body: await request.text() })),
  http.get(`${API}/cookie`, () => HttpResponse.json({ ok: true }, { headers: { 'set-cookie': 'session=1; Path=/' } })),
  http.get(`${API}/slow`, async ({ request }) => {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 800)
      request.signal.addEventListener('abort', () => {
        clearTimeout(timer)
        resolve()
      })
    })
    return HttpResponse.text('too late')
  }),
)

describe("jsdom's own AbortController, AbortSignal and Headers as the globals", () => {
  beforeAll(() => {
    vi.stubGlobal('AbortController', window.AbortController)
    vi.stubGlobal('AbortSignal', window.AbortSignal)
    vi.stubGlobal('Headers', window.Headers)
    server.listen({ onUnhandledRequest: 'error' })
  })
  afterAll(() => {
    server.close()
    vi.unstubAllGlobals()
  })

  // The case this file is about: Node 24's Request refuses jsdom's signal (Node 22's undici 6 still takes it).
  it('the globals are jsdom’s, whose signal Node’s Request refuses (from Node 24)', () => {
    const build = () => new Request(`${API}/echo`, { signal: new AbortController().signal })
    if (Number(process.versions.node.split('.')[0]) >= 24) expect(build).toThrow(TypeError)
    else expect(build).not.toThrow()
  })

  it('XHR with a jsdom signal is answered', async () => {
    const response = await axios.post(`${API}/echo`, 'from xhr', { adapter: 'xhr', signal: new AbortController().signal, headers: { 'content-type': 'text/plain' } })
    expect(response.data).toEqual({ body: 'from xhr' })
  })

  it('XHR gets a mocked response that sets a cookie', async () => {
    const response = await axios.get(`${API}/cookie`, { adapter: 'xhr' })
    expect(response.data).toEqual({ ok: true })
  })

  it('fetch with a jsdom signal is answered, and aborting it rejects with its reason', async () => {
    const response = await fetch(`${API}/echo`, { method: 'POST', body: 'from fetch', signal: new AbortController().signal })
    expect(await response.json()).toEqual({ body: 'from fetch' })
    const controller = new AbortController()
    const pending = fetch(`${API}/slow`, { signal: controller.signal })
    const reason = new Error('stop')
    setTimeout(() => controller.abort(reason), 20)
    await expect(pending).rejects.toBe(reason)
  })
})
