// A request that goes on to the real network (passthrough()) and is torn down
// while the real server holds it, or while the real body streams, ends as the
// same request made without mocklib does: same report to the client, the real
// connection closed, a timer still fires, and nothing is left running.
import { http, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { describe, expect, it, onTestFinished } from 'vitest'
import { DRIVERS } from './abort-grid-clients.js'
import { activeResources, extraResources, Hold, sleep, TickGuard, useHoldingServer, within, type Moment } from './abort-grid-support.js'
import { failOnUnhandledRejection } from './support/harness.js'

const real = useHoldingServer()
failOnUnhandledRejection()

const MOMENTS: readonly Moment[] = ['while-resolving', 'while-streaming']

/** What the client reported, once the real server saw the connection close (the request really ended). */
async function run(driver: (url: string, hold: Hold) => Promise<string[]>, moment: Moment): Promise<string[]> {
  const hold = new Hold(moment)
  real.hold = hold
  try {
    const seen = await within(driver(`${real.origin}/held`, hold), 5_000, 'the request to the real server')
    await within(hold.abandoned, 2_000, 'the real server seeing the connection close')
    return seen
  } finally {
    hold.release()
    real.hold = undefined
  }
}

// The https clients have no real https server to pass through to: the plain http ones cover node:http.
describe.each(DRIVERS.filter(([, , secure]) => !secure))('%s', (_name, driver) => {
  it.each(MOMENTS)('passed through and torn down %s: reports what it reports without mocklib, and leaves nothing running', async (moment) => {
    const expected = await run(driver, moment)
    await sleep(20)

    let passedThrough = 0
    const server = setupServer(
      http.all(`${real.origin}/held`, () => {
        passedThrough++
        return passthrough()
      }),
    )
    onTestFinished(() => server.close())
    const before = activeResources()
    const guard = new TickGuard()
    let seen: string[]
    guard.start()
    try {
      server.listen({ onUnhandledRequest: 'error' })
      seen = await run(driver, moment)
      await within(sleep(20), 1_000, 'a 20 ms timer')
    } finally {
      guard.stop()
    }
    expect(guard.spun, 'callbacks queued with process.nextTick without end (the event loop spun)').toEqual([])
    expect(passedThrough).toBe(1)
    expect(seen).toEqual(expected)
    server.close()
    await sleep(20)
    expect(extraResources(before, activeResources()), 'resources left running after the test').toEqual([])
  })
})
