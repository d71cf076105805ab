import { describe, expect, it } from 'vitest'
import { browserSuite, reload } from './harness.js'

// worker.record() records a page's fetches (what the network answered) as HAR;
// fromHar replays them in a new page without the network.
describe.each(['service-worker', 'in-page'] as const)('record and replay (%s mode)', (mode) => {
  const suite = browserSuite()

  it('records passthrough fetches, then a fresh page answers them from the HAR', async () => {
    const recorded = await suite.page.evaluate(async (interception) => {
      const { setupWorker, http, HttpResponse } = window.mocklib
      window.worker = setupWorker(http.get('/api/mocked', () => HttpResponse.json({ mocked: true })))
      await window.worker.start({ interception, onUnhandledRequest: 'bypass', quiet: true })
      const recording = window.worker.record()
      const first = await (await fetch('/real/first')).json()
      const second = await (await fetch('/real/second', { method: 'POST', body: 'hello' })).json()
      await fetch('/api/mocked')
      await recording.settled()
      const har = recording.stop()
      await window.worker.stop()
      return { har: JSON.stringify(har), answers: [first, second] }
    }, mode)
    const har = JSON.parse(recorded.har) as { log: { entries: Array<{ request: { method: string; url: string } }> } }
    expect(har.log.entries.map((entry) => `${entry.request.method} ${new URL(entry.request.url).pathname}`)).toEqual(['GET /real/first', 'POST /real/second'])

    await reload(suite.page)
    suite.server.hits.length = 0
    const replayed = await suite.page.evaluate(
      async ({ interception, text }) => {
        const { setupWorker, fromHar } = window.mocklib
        window.worker = setupWorker(...fromHar(text))
        await window.worker.start({ interception, onUnhandledRequest: 'error', quiet: true })
        const first = await (await fetch('/real/first')).json()
        const second = await (await fetch('/real/second', { method: 'POST', body: 'hello' })).json()
        return [first, second]
      },
      { interception: mode, text: recorded.har },
    )
    expect(replayed).toEqual(recorded.answers)
    expect(suite.server.hits.filter((hit) => hit.includes('/real/'))).toEqual([])
  })
})
