// worker.start()/stop() semantics, kept by startsOnce now that the page's
// sources start inside runtime.start(): one start at a time, stop() waits for
// a start on its way, a failed start leaves nothing to stop.
import { describe, expect, it } from 'vitest'
import { startsOnce } from '../../src/api/browser/setup-worker.js'

function controlled() {
  const log: string[] = []
  let release!: () => void
  let fail!: (error: Error) => void
  const once = startsOnce<{ name?: string }, string>(
    (options) =>
      new Promise<string>((resolve, reject) => {
        log.push(`begin ${options.name ?? '-'}`)
        release = () => resolve(`started ${options.name ?? '-'}`)
        fail = reject
      }),
    () => void log.push('end'),
    () => 'worker.start() was called while mocking already runs.',
  )
  return { once, log, release: () => release(), fail: (error: Error) => fail(error) }
}

describe('startsOnce', () => {
  it('resolves with what the start gave; a second start while running is refused with the message', async () => {
    const { once, release } = controlled()
    const first = once.start({ name: 'a' })
    await expect(once.start({ name: 'b' })).rejects.toThrow('worker.start() was called while mocking already runs.')
    release()
    expect(await first).toBe('started a')
    await expect(once.start()).rejects.toThrow('already runs')
  })

  it('stop() waits for a start on its way, then ends it; stop() twice is harmless; start works again', async () => {
    const { once, log, release } = controlled()
    const starting = once.start({ name: 'a' })
    const stopping = once.stop()
    expect(log).toEqual(['begin a'])
    release()
    await stopping
    await starting
    expect(log).toEqual(['begin a', 'end'])
    await once.stop()
    expect(log).toEqual(['begin a', 'end'])
    const again = once.start({ name: 'b' })
    release()
    expect(await again).toBe('started b')
  })

  it('a failed start rejects, leaves nothing to stop, and can be retried', async () => {
    const { once, log, fail, release } = controlled()
    const starting = once.start()
    fail(new Error('no worker'))
    await expect(starting).rejects.toThrow('no worker')
    await once.stop()
    expect(log).toEqual(['begin -'])
    const again = once.start()
    release()
    expect(await again).toBe('started -')
  })
})
