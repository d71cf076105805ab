// Issue 25 item 5: a request whose signal aborts while the resolver awaits
// `delay()` fails at once, whatever the client, as it does against a real
// server that has not answered yet (it used to fail for undici.request only
// once the delay was over). The resolver itself goes on: its answer, when the
// delay ends, is dropped.
import { delay, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { DRIVERS } from './abort-grid-clients.js'
import { Hold, within } from './abort-grid-support.js'
import { failOnUnhandledRejection } from './support/harness.js'

failOnUnhandledRejection()

/** Long enough that a failure reported after it is unmistakable, short enough to finish soon after the test. */
const RESOLVER_DELAY_MS = 1_500
/** Well below the delay, far above what an abort costs on a loaded machine. */
const AT_ONCE_MS = 500

let hold: Hold
let resolverDone: Promise<void> = Promise.resolve()
const server = setupServer(
  http.all('*/slow', async () => {
    let done!: () => void
    resolverDone = new Promise((resolve) => (done = resolve))
    hold.markArrived()
    await delay(RESOLVER_DELAY_MS)
    done()
    return HttpResponse.text('too late')
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
// The resolver's delay keeps a timer until it ends: let it, so no test leaves one behind.
afterEach(() => resolverDone)
afterAll(() => server.close())

it.each(DRIVERS)('%s aborted while the resolver awaits delay() fails at once', async (_name, driver, secure) => {
  hold = new Hold('while-resolving')
  const url = `${secure ? 'https' : 'http'}://api.example.test/slow`
  const seen = driver(url, hold)
  await hold.arrived
  const abortedAt = performance.now()
  const log = await within(seen, RESOLVER_DELAY_MS * 2, 'the aborted request')
  const elapsed = performance.now() - abortedAt
  expect(elapsed, `the client reported after ${Math.round(elapsed)} ms: ${JSON.stringify(log)}`).toBeLessThan(AT_ONCE_MS)
  expect(log.join('\n')).toMatch(/^(rejected|error) .*(Abort|Canceled|ECONNRESET)/m)
  expect(log.filter((line) => line.startsWith('response'))).toEqual([])
})
