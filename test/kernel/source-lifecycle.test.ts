// How a runtime starts and stops its sources (issue 23: every way in is a
// Source, the page's Service Worker connection and in-page interception
// included): in order, each once the one before it intercepts; sources that
// start at once start within the call; a failure stops what had started.
import { describe, expect, it } from 'vitest'
import { createRuntime, createSingleScopeStore, HandlerScope, type ExchangeSink, type Source, type StartingSource } from '../../src/kernel/index.js'
import { startSources, stopSources } from '../../src/kernel/runtime.js'

/** A source that logs its start and stop; `wait` makes it a `StartingSource` whose start and stop take a macrotask. */
function loggingSource(name: string, log: string[], options: { wait?: boolean; fail?: boolean } = {}): Source | StartingSource {
  if (!options.wait) {
    return {
      name,
      start() {
        if (options.fail) throw new Error(`${name} failed`)
        log.push(`start ${name}`)
        return () => void log.push(`stop ${name}`)
      },
    }
  }
  return {
    name,
    async start() {
      await new Promise((resolve) => setTimeout(resolve, 5))
      if (options.fail) throw new Error(`${name} failed`)
      log.push(`start ${name}`)
      return async () => {
        await new Promise((resolve) => setTimeout(resolve, 5))
        log.push(`stop ${name}`)
      }
    },
  }
}

const sink: ExchangeSink = async () => {}

describe('startSources / stopSources', () => {
  it('sources that start at once start within the call and stop within the call, newest first', () => {
    const log: string[] = []
    const stops = startSources([loggingSource('a', log), loggingSource('b', log)], sink)
    expect(stops).not.toBeInstanceOf(Promise)
    expect(log).toEqual(['start a', 'start b'])
    expect(stopSources(stops as never)).toBeUndefined()
    expect(log).toEqual(['start a', 'start b', 'stop b', 'stop a'])
  })

  it('a source that must wait is awaited before the next one starts; stopping waits for each stop in turn', async () => {
    const log: string[] = []
    const starting = startSources([loggingSource('worker', log, { wait: true }), loggingSource('websocket', log)], sink)
    expect(starting).toBeInstanceOf(Promise)
    expect(log).toEqual([])
    const stops = await starting
    expect(log).toEqual(['start worker', 'start websocket'])
    const stopping = stopSources(stops)
    // The WebSocket source stops at once; the worker's stop is on its way.
    expect(log).toEqual(['start worker', 'start websocket', 'stop websocket'])
    await stopping
    expect(log).toEqual(['start worker', 'start websocket', 'stop websocket', 'stop worker'])
  })

  it('a source that fails at once: those started are stopped, and the error is thrown', () => {
    const log: string[] = []
    expect(() => startSources([loggingSource('a', log), loggingSource('b', log, { fail: true }), loggingSource('c', log)], sink)).toThrow('b failed')
    expect(log).toEqual(['start a', 'stop a'])
  })

  it('a source that fails after waiting: those started (waiting ones too) are stopped, newest first, and the start rejects', async () => {
    const log: string[] = []
    const starting = startSources([loggingSource('a', log), loggingSource('worker', log, { wait: true }), loggingSource('late', log, { wait: true, fail: true })], sink)
    await expect(starting).rejects.toThrow('late failed')
    expect(log).toEqual(['start a', 'start worker', 'stop worker', 'stop a'])
  })
})

describe('a runtime with a source that must wait', () => {
  it('start() resolves once every source intercepts, stop() once every source stopped; running follows', async () => {
    const log: string[] = []
    const runtime = createRuntime({ store: createSingleScopeStore(new HandlerScope([])), sources: [loggingSource('worker', log, { wait: true }), loggingSource('websocket', log)] })
    const starting = runtime.start()
    expect(starting).toBeInstanceOf(Promise)
    expect(runtime.running).toBe(false)
    await starting
    expect(runtime.running).toBe(true)
    await runtime.stop()
    expect(runtime.running).toBe(false)
    expect(log).toEqual(['start worker', 'start websocket', 'stop websocket', 'stop worker'])
  })

  it('with sources that start at once, start() and stop() return no promise (listen() and close() stay synchronous)', () => {
    const log: string[] = []
    const runtime = createRuntime({ store: createSingleScopeStore(new HandlerScope([])), sources: [loggingSource('fetch', log)] })
    expect(runtime.start()).toBeUndefined()
    expect(runtime.running).toBe(true)
    expect(runtime.stop()).toBeUndefined()
    expect(log).toEqual(['start fetch', 'stop fetch'])
  })

  it('a failed start leaves the runtime stopped and every source restored', async () => {
    const log: string[] = []
    const runtime = createRuntime({ store: createSingleScopeStore(new HandlerScope([])), sources: [loggingSource('worker', log, { wait: true }), loggingSource('websocket', log, { fail: true })] })
    await expect(runtime.start()).rejects.toThrow('websocket failed')
    expect(runtime.running).toBe(false)
    expect(log).toEqual(['start worker', 'stop worker'])
  })
})
