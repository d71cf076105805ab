// The first XMLHttpRequest after listen() is the one that loads what answers an XHR (xhr-answering.ts), while
// the interceptor holds it; these scenarios make a call once that way and once more with the code loaded, and
// expect both to end alike. Used by first-xhr-happy-dom.test.ts and first-xhr-jsdom.test.ts.
import { expect, it, vi } from 'vitest'

let close: (() => void) | undefined

/** Stops the server the last scenario started. */
export function closeServer(): void {
  close?.()
  close = undefined
}

/**
 * A fresh mocklib whose XMLHttpRequest interceptor is in place (loaded by the import, as in a test file
 * that imports mocklib/node at its top) but whose XHR answering is not loaded yet; listening.
 */
async function listenFresh(): Promise<void> {
  vi.resetModules()
  const { http, HttpResponse } = await import('mocklib')
  const { setupServer } = await import('mocklib/node')
  // The import started loading the interceptor; a test file's beforeAll(listen) comes after it has loaded.
  await vi.dynamicImportSettled()
  const server = setupServer(
    http.post('/api/items', async ({ request }) => HttpResponse.json({ received: await request.text() }, { status: 201 })),
    http.get('https://other.example.test/elsewhere', () => HttpResponse.text('elsewhere, no CORS headers')),
    http.get('/api/down', () => HttpResponse.error()),
    http.get('/api/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 50))
      return HttpResponse.text('late')
    }),
  )
  server.listen({ onUnhandledRequest: 'error' })
  close = () => server.close()
}

/** Sends one XHR and records its events, status and body, in order. */
function send(method: string, url: string, options: { body?: string; abort?: boolean } = {}): Promise<string[]> {
  return new Promise((resolve) => {
    const events: string[] = []
    const request = new XMLHttpRequest()
    request.open(method, url)
    for (const type of ['load', 'error', 'abort'] as const) request.addEventListener(type, () => events.push(`${type} ${request.status} ${request.responseText}`))
    request.addEventListener('loadend', () => resolve([...events, 'loadend']))
    request.send(options.body ?? null)
    if (options.abort) request.abort()
  })
}

/** The XHR scenarios, each as its own test: the first call (answering loads) against the next. */
export function firstXhrScenarios(): void {
  it('the first XHR, sent in the tick of listen(), is answered like the next (body read by the resolver)', async () => {
    await listenFresh()
    const post = () => send('POST', '/api/items', { body: 'first item' })
    const first = await post()
    expect(first).toEqual(['load 201 {"received":"first item"}', 'loadend'])
    expect(await post()).toEqual(first)
  })

  it('the first cross-origin XHR is answered at the XHR level (no CORS check), as the next', async () => {
    await listenFresh()
    const get = () => send('GET', 'https://other.example.test/elsewhere')
    const first = await get()
    expect(first).toEqual(['load 200 elsewhere, no CORS headers', 'loadend'])
    expect(await get()).toEqual(first)
  })

  it('the first XHR answered with a network error fails with an error event, as the next', async () => {
    await listenFresh()
    const down = () => send('GET', '/api/down')
    const first = await down()
    expect(first).toEqual(['error 0 ', 'loadend'])
    expect(await down()).toEqual(first)
  })

  it('the first XHR aborted in the tick it was sent ends with abort, as the next', async () => {
    await listenFresh()
    const aborted = () => send('GET', '/api/slow', { abort: true })
    const first = await aborted()
    expect(first).toEqual(['abort 0 ', 'loadend'])
    expect(await aborted()).toEqual(first)
  })
}
