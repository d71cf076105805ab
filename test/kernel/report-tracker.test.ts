// The page's tracker of passthrough reports still to come: a recording's
// settled() waits for the ones tracked so far, and for no longer than its
// bound when one never comes (a worker restarted mid-request).
import { describe, expect, it } from 'vitest'
import { createReportTracker } from '../../src/kernel/browser/report-tracker.js'

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('createReportTracker', () => {
  it('resolves arrived() a task after the reports tracked so far settled, not before', async () => {
    const tracker = createReportTracker()
    let handOn!: (value: string) => void
    let handedOn = false
    void tracker.track(new Promise<string>((resolve) => (handOn = resolve))).then(() => (handedOn = true))
    let arrived = false
    const waiting = tracker.arrived(1_000).then(() => (arrived = true))
    await later(20)
    expect(arrived).toBe(false)
    handOn('real response')
    await waiting
    expect(handedOn).toBe(true)
  })

  it('gives up on a report that never comes after the bound, and does not wait for it again', async () => {
    const tracker = createReportTracker()
    void tracker.track(new Promise(() => {}))
    const started = Date.now()
    await tracker.arrived(50)
    expect(Date.now() - started).toBeGreaterThanOrEqual(45)
    const again = Date.now()
    await tracker.arrived(5_000)
    expect(Date.now() - again).toBeLessThan(1_000)
  })

  it('counts a failed report as arrived', async () => {
    const tracker = createReportTracker()
    const failed = tracker.track(Promise.reject(new Error('network failed')))
    await expect(failed).rejects.toThrow('network failed')
    await tracker.arrived(5_000)
  })
})
