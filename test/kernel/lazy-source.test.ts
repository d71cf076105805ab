// The gate setupWorker puts in front of each page source (its code is a chunk
// loaded by start()): one load however often it is asked for, start() runs
// the loaded source, and a failed load is tried again by the next start().
import { describe, expect, it } from 'vitest'
import { lazySource } from '../../src/kernel/browser/lazy-source.js'
import type { ExchangeSink, Source } from '../../src/kernel/index.js'

const sink: ExchangeSink = async () => {}

describe('lazySource', () => {
  it('loads once for load() and start(), and starts the loaded source with the sink', async () => {
    const log: string[] = []
    let loads = 0
    const loaded: Source = {
      name: 'loaded',
      start(given) {
        log.push(given === sink ? 'start with the sink' : 'start with another sink')
        return () => void log.push('stop')
      },
    }
    const gate = lazySource('page-websocket', async () => {
      loads++
      return loaded
    })
    expect(gate.name).toBe('page-websocket')
    expect(loads).toBe(0)
    await Promise.all([gate.load(), gate.load()])
    const stop = await gate.start(sink)
    await stop()
    expect(loads).toBe(1)
    expect(log).toEqual(['start with the sink', 'stop'])
  })

  it('a failed load rejects start(), and the next start() loads again', async () => {
    let attempts = 0
    const gate = lazySource('page-requests', async () => {
      attempts++
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module')
      return { name: 'loaded', start: () => () => {} }
    })
    await expect(gate.start(sink)).rejects.toThrow('Failed to fetch dynamically imported module')
    await expect(gate.start(sink)).resolves.toBeTypeOf('function')
    expect(attempts).toBe(2)
  })
})
