import { expect, it } from 'vitest'
import { browserSuite } from './harness.js'

// Each onUnhandledRequest policy, through the Service Worker.
const suite = browserSuite()

async function run(policy: 'bypass' | 'warn' | 'error' | 'callback'): Promise<{ unmatched: string; asset: string; calls: string[] }> {
  return suite.page.evaluate(async (name) => {
    const { setupWorker, http, HttpResponse } = window.mocklib
    const calls: string[] = []
    window.worker = setupWorker(http.get('/api/known', () => HttpResponse.json({})))
    await window.worker.start({
      quiet: true,
      onUnhandledRequest:
        name === 'callback'
          ? (request, print) => {
              calls.push(`${request.method} ${new URL(request.url).pathname}`)
              if (request.url.includes('fail')) print.error()
            }
          : name,
    })
    const outcome = (url: string) =>
      fetch(url).then(
        async (response) => `${response.status} ${((await response.json()) as { source: string }).source}`,
        (error: unknown) => `rejected ${error instanceof TypeError ? 'TypeError' : String(error)}`,
      )
    const unmatched = await outcome('/real/unmatched')
    const asset = await outcome(name === 'callback' ? '/real/fail' : '/real/logo.png')
    return { unmatched, asset, calls }
  }, policy)
}

const warnings = () => suite.browser.console.filter((line) => line.startsWith('warning:') && line.includes('without a matching request handler'))
const errors = () => suite.browser.console.filter((line) => line.startsWith('error:') && line.includes('without a matching request handler'))

it("'bypass' sends unmatched requests to the network silently", async () => {
  const result = await run('bypass')
  expect(result.unmatched).toBe('200 network')
  expect(suite.server.hits).toContain('GET /real/unmatched')
  expect([...warnings(), ...errors()]).toEqual([])
})

it("'warn' (the default) prints a warning naming the request and sends it to the network; static assets are not reported", async () => {
  const result = await run('warn')
  expect(result).toMatchObject({ unmatched: '200 network', asset: '200 network' })
  expect(warnings()).toHaveLength(1)
  expect(warnings()[0]).toContain(`GET ${suite.server.origin}/real/unmatched`)
})

it("'error' prints an error and fails the request (fetch rejects, nothing reaches the network)", async () => {
  const result = await run('error')
  expect(result.unmatched).toBe('rejected TypeError')
  expect(errors()[0]).toContain(`GET ${suite.server.origin}/real/unmatched`)
  expect(suite.server.hits).not.toContain('GET /real/unmatched')
})

it('a callback sees each unmatched request and decides through print', async () => {
  const result = await run('callback')
  expect(result).toEqual({ unmatched: '200 network', asset: 'rejected TypeError', calls: ['GET /real/unmatched', 'GET /real/fail'] })
  expect(errors()).toHaveLength(1)
  expect(suite.server.hits).toEqual(['GET /real/unmatched'])
})
