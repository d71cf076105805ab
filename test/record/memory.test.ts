// Recording 10,000 exchanges holds about one HAR entry per exchange (headers
// and bodies as text), nothing more; stop() releases it all. Needs a callable
// `gc`: from `--expose-gc`, or enabled here through V8 flags for this worker.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { recordEvents } from '../../src/dsl/record/record-runtime.js'

const EXCHANGES = 10_000
const BODY = 'x'.repeat(1_000)
/** Per-entry budget besides the body: request and response headers, URL, timings, strings' overhead. */
const ENTRY_OVERHEAD = 2_500

function exposeGc(): () => void {
  if (typeof globalThis.gc === 'function') return globalThis.gc
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}
const gc = exposeGc()

async function heapBytes(): Promise<number> {
  for (let i = 0; i < 4; i++) {
    gc()
    await new Promise((resolve) => setImmediate(resolve))
  }
  return process.memoryUsage().heapUsed
}

const server = setupServer(http.get('http://localhost/items/:id', ({ params }) => HttpResponse.text(`${params.id}:${BODY}`)))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

async function traffic(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await (await fetch(`http://localhost/items/${i}`)).text()
}

it(`recording ${EXCHANGES} exchanges stays within the bodies plus a fixed size per entry, and stop() releases it`, async () => {
  // Warm up the runtime and the recorder's code paths.
  const warm = recordEvents(server.events, { include: 'all' })
  await traffic(1_000)
  await warm.settled()
  warm.stop()

  const baseline = await heapBytes()
  const recording = recordEvents(server.events, { include: 'all' })
  await traffic(EXCHANGES)
  await recording.settled()
  const recorded = (await heapBytes()) - baseline
  expect(recording.size).toBe(EXCHANGES)
  const bodies = EXCHANGES * (BODY.length + 8)
  console.log(`recording ${EXCHANGES} exchanges of ${BODY.length} B bodies: ${(recorded / 2 ** 20).toFixed(1)} MB (bodies ${(bodies / 2 ** 20).toFixed(1)} MB)`)
  expect(recorded).toBeLessThan(bodies + EXCHANGES * ENTRY_OVERHEAD)
  // It did record the bodies: the heap grew by at least their size.
  expect(recorded).toBeGreaterThan(bodies)

  let har: ReturnType<typeof recording.stop> | undefined = recording.stop()
  expect(har.log.entries).toHaveLength(EXCHANGES)
  har = undefined
  // The recording object is still referenced: it holds nothing after stop().
  const released = (await heapBytes()) - baseline
  console.log(`after stop(): ${(released / 2 ** 20).toFixed(1)} MB over the baseline`)
  expect(released).toBeLessThan(2 * 2 ** 20)
  expect(recording.size).toBe(0)
  expect(recording.stop().log.entries).toEqual([])
  // Traffic after stop() is not recorded.
  await traffic(10)
  expect(recording.stop().log.entries).toEqual([])
}, 120_000)
