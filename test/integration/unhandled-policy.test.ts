// onUnhandledRequest: 'warn' (default), 'error', 'bypass' and a callback, with
// every client. Unhandled requests go to a real loopback server.
import { http, HttpResponse, type UnhandledRequestStrategy } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterEach, describe, expect, it } from 'vitest'
import { clients, viaFetch, viaNodeHttp } from './support/clients.js'
import { captureConsole, failOnUnhandledRejection, useLocalServer } from './support/harness.js'

const local = useLocalServer()
const server = setupServer(http.get('*/handled', () => HttpResponse.text('handled')))
failOnUnhandledRejection()

// msw's isCommonAssetRequest list, a sample of each kind: styles, scripts, fonts, images, media, data, Vite and node_modules.
const STATIC_ASSETS = [
  '/styles/main.css',
  '/theme.scss',
  '/assets/app.js',
  '/chunk.mjs',
  '/src/App.tsx',
  '/fonts/inter.woff2',
  '/fonts/inter.ttf',
  '/logo.png',
  '/photo.JPEG',
  '/icon.svg',
  '/video.mp4',
  '/index.html',
  '/data/users.json',
  '/@vite/client',
  '/node_modules/.vite/deps/react.js?v=1',
]

let output: ReturnType<typeof captureConsole> | undefined
function listen(onUnhandledRequest?: UnhandledRequestStrategy) {
  output = captureConsole()
  server.listen(onUnhandledRequest === undefined ? undefined : { onUnhandledRequest })
  return output
}
afterEach(() => {
  server.close()
  output?.restore()
})

describe("'warn' (the default)", () => {
  it.each(clients)('prints a warning naming method and URL, and the request reaches the network (%s)', async (_name, client) => {
    const { warnings, errors } = listen()
    const reply = await client(`${local.origin}/missing?page=2`, { method: 'POST', body: 'x' })
    expect(reply.body).toBe('real POST /missing?page=2')
    expect(warnings()).toHaveLength(1)
    expect(warnings()[0]).toContain(`[mocklib] Warning: intercepted a request without a matching request handler`)
    expect(warnings()[0]).toContain(`POST ${local.origin}/missing?page=2`)
    expect(errors()).toEqual([])
  })

  it.each(clients)('lets common static assets through without a word, as msw (%s)', async (_name, client) => {
    const { warnings, errors } = listen('warn')
    for (const path of STATIC_ASSETS) expect((await client(`${local.origin}${path}`)).body).toBe(`real GET ${path}`)
    expect(warnings()).toEqual([])
    expect(errors()).toEqual([])
    // Not an asset: still reported.
    await client(`${local.origin}/api/styles`)
    expect(warnings()).toHaveLength(1)
  })

  it('does not report handled requests', async () => {
    const { warnings } = listen('warn')
    expect((await viaFetch(`${local.origin}/handled`)).body).toBe('handled')
    expect(warnings()).toEqual([])
  })
})

describe("'error'", () => {
  it.each(clients)('fails the request with an error naming it, and prints it (%s)', async (_name, client) => {
    const { errors } = listen('error')
    const before = local.received.length
    const failure = await client(`${local.origin}/forbidden`).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(Error)
    // The whole error chain (message and causes) names the request.
    expect(describeChain(failure)).toContain(`GET ${local.origin}/forbidden`)
    expect(errors().join('\n')).toContain(`[mocklib] Error: intercepted a request without a matching request handler`)
    expect(errors().join('\n')).toContain(`GET ${local.origin}/forbidden`)
    expect(local.received.length).toBe(before)
  })

  it('fetch rejects with a TypeError whose cause names the request', async () => {
    listen('error')
    const error = await fetch(`${local.origin}/typed`).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(TypeError)
    expect(String((error as TypeError).cause)).toContain(`GET ${local.origin}/typed`)
  })

  it.each(clients)('lets common static assets reach the network without an error, as msw (%s)', async (_name, client) => {
    const { errors } = listen('error')
    for (const path of STATIC_ASSETS) expect((await client(`${local.origin}${path}`)).body).toBe(`real GET ${path}`)
    expect(errors()).toEqual([])
  })

  it('a file: URL is not reported: fetch fails as Node fails it, without a mocklib error', async () => {
    const { errors } = listen('error')
    server.close()
    const unmocked = await fetch('file:///etc/hostname').catch((error: unknown) => error)
    server.listen({ onUnhandledRequest: 'error' })
    const mocked = await fetch('file:///etc/hostname').catch((error: unknown) => error)
    expect(String(mocked)).toBe(String(unmocked))
    expect(errors()).toEqual([])
  })

  it('a handler still answers a static asset', async () => {
    listen('error')
    server.use(http.get('*/styles/main.css', () => HttpResponse.text('body {}')))
    try {
      expect((await viaNodeHttp(`${local.origin}/styles/main.css`)).body).toBe('body {}')
    } finally {
      server.resetHandlers()
    }
  })

  it('keeps answering other requests afterwards', async () => {
    listen('error')
    await viaNodeHttp(`${local.origin}/forbidden`).catch(() => undefined)
    expect((await viaNodeHttp(`${local.origin}/handled`)).body).toBe('handled')
    expect((await viaFetch(`${local.origin}/handled`)).body).toBe('handled')
  })
})

describe("'bypass'", () => {
  it.each(clients)('lets the request through silently (%s)', async (_name, client) => {
    const { warnings, errors } = listen('bypass')
    expect((await client(`${local.origin}/quiet`)).body).toBe('real GET /quiet')
    expect([...warnings(), ...errors()]).toEqual([])
  })
})

describe('a callback', () => {
  it('receives the request; doing nothing lets it through silently', async () => {
    const seen: string[] = []
    const { warnings } = listen((request) => {
      seen.push(`${request.method} ${new URL(request.url).pathname}`)
    })
    expect((await viaFetch(`${local.origin}/cb`)).body).toBe('real GET /cb')
    expect(seen).toEqual(['GET /cb'])
    expect(warnings()).toEqual([])
  })

  it('print.warning() prints the standard warning and lets the request through', async () => {
    const { warnings } = listen((_request, print) => print.warning())
    expect((await viaNodeHttp(`${local.origin}/cb-warn`)).body).toBe('real GET /cb-warn')
    expect(warnings()[0]).toContain(`GET ${local.origin}/cb-warn`)
  })

  it('print.error() prints the standard error and fails the request', async () => {
    const { errors } = listen((_request, print) => print.error())
    await expect(viaFetch(`${local.origin}/cb-error`)).rejects.toThrow()
    await expect(viaNodeHttp(`${local.origin}/cb-error`)).rejects.toThrow()
    expect(errors().filter((text) => text.includes(`GET ${local.origin}/cb-error`))).toHaveLength(2)
  })

  it('a callback that throws answers 500 "Unhandled Exception" with the error, like a throwing resolver (as msw)', async () => {
    listen(() => {
      throw new Error('policy bug')
    })
    const reply = await viaFetch(`${local.origin}/cb-throws`)
    expect(reply.status).toBe(500)
    expect(JSON.parse(reply.body)).toMatchObject({ name: 'Error', message: 'policy bug' })
    expect((await viaFetch(`${local.origin}/handled`)).body).toBe('handled')
  })

  it('also sees static assets (it decides itself)', async () => {
    const seen: string[] = []
    listen((request) => {
      seen.push(new URL(request.url).pathname)
    })
    await viaFetch(`${local.origin}/main.css`)
    expect(seen).toEqual(['/main.css'])
  })
})

function describeChain(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    parts.push(current instanceof Error ? `${current.name}: ${current.message}` : String(current))
    current = current instanceof Error ? current.cause : undefined
  }
  return parts.join(' <- ')
}
