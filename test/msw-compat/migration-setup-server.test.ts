// Migration check: msw 2's setupServer documentation examples (mswjs.io/docs/api/setup-server),
// written as msw users write them; only the imports changed.
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

const server = setupServer(
  http.get('https://example.com/user', () => {
    return HttpResponse.json({ firstName: 'John' })
  }),
)

beforeAll(() => {
  server.listen({
    onUnhandledRequest(request, print) {
      const url = new URL(request.url)
      // Ignore requests for static assets, as the docs' example does.
      if (url.pathname.startsWith('/assets/')) {
        return
      }
      print.error()
    },
  })
})
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('msw setupServer docs, unchanged', () => {
  it('server.use() prepends a runtime override; resetHandlers() removes it', async () => {
    server.use(
      http.get('https://example.com/user', () => {
        return HttpResponse.json({ firstName: 'Kate' })
      }),
    )
    expect(await (await fetch('https://example.com/user')).json()).toEqual({ firstName: 'Kate' })
    server.resetHandlers()
    expect(await (await fetch('https://example.com/user')).json()).toEqual({ firstName: 'John' })
  })

  it('resetHandlers(...next) replaces the initial handlers', async () => {
    server.resetHandlers(http.get('https://example.com/user', () => HttpResponse.json({ firstName: 'Replaced' })))
    expect(await (await fetch('https://example.com/user')).json()).toEqual({ firstName: 'Replaced' })
    expect(server.listHandlers()).toHaveLength(1)
    server.resetHandlers(http.get('https://example.com/user', () => HttpResponse.json({ firstName: 'John' })))
  })

  it('restoreHandlers() re-activates used one-time handlers', async () => {
    server.use(http.get('https://example.com/user', () => HttpResponse.json({ firstName: 'Once' }), { once: true }))
    expect(await (await fetch('https://example.com/user')).json()).toEqual({ firstName: 'Once' })
    expect(await (await fetch('https://example.com/user')).json()).toEqual({ firstName: 'John' })
    server.restoreHandlers()
    expect(await (await fetch('https://example.com/user')).json()).toEqual({ firstName: 'Once' })
  })

  it('listHandlers() prints handlers in msw’s format', () => {
    expect(server.listHandlers().map((handler) => handler.info.header)).toEqual(['GET https://example.com/user'])
  })

  it('boundary() scopes overrides to one call', async () => {
    const scoped = server.boundary(async () => {
      server.use(http.get('https://example.com/user', () => HttpResponse.json({ firstName: 'Scoped' })))
      return (await fetch('https://example.com/user')).json()
    })
    expect(await scoped()).toEqual({ firstName: 'Scoped' })
    expect(await (await fetch('https://example.com/user')).json()).toEqual({ firstName: 'John' })
  })

  it('events: request:start, request:match, request:end, response:mocked', async () => {
    const order: string[] = []
    server.events.on('request:start', () => void order.push('request:start'))
    server.events.on('request:match', () => void order.push('request:match'))
    server.events.on('request:end', () => void order.push('request:end'))
    server.events.on('response:mocked', ({ response }) => void order.push(`response:mocked ${response.status}`))
    await fetch('https://example.com/user')
    server.events.removeAllListeners()
    expect(order).toEqual(['request:start', 'request:match', 'request:end', 'response:mocked 200'])
  })

  it('onUnhandledRequest callback: print.error() fails the request and prints it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await expect(fetch('https://example.com/unknown')).rejects.toThrow()
      expect(error.mock.calls.flat().join(' ')).toMatch(/GET https:\/\/example.com\/unknown/)
    } finally {
      error.mockRestore()
    }
  })
})
