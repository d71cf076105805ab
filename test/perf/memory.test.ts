// 100,000 mocked requests (fetch fast path) after a warm-up must leave the heap
// within 10 MB of where it was, plain and inside boundaries. Needs a callable
// `gc`: from `--expose-gc`, or enabled here through V8 flags for this worker.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const LIMIT_MB = 10
const REQUESTS = 100_000
const URL_ = 'http://localhost/api/items/1'

function exposeGc(): () => void {
  if (typeof globalThis.gc === 'function') return globalThis.gc
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}
const gc = exposeGc()

async function heapMB(): Promise<number> {
  for (let i = 0; i < 4; i++) {
    gc()
    await new Promise((resolve) => setImmediate(resolve))
  }
  return process.memoryUsage().heapUsed / 2 ** 20
}

/** Heap growth (MB) over `count` requests made by `run`, after a warm-up. */
async function growth(run: (count: number) => Promise<void>, count = REQUESTS): Promise<number> {
  await run(10_000)
  const before = await heapMB()
  await run(count)
  return (await heapMB()) - before
}

const server = setupServer(http.get('http://localhost/api/items/:id', ({ params }) => HttpResponse.json({ id: params.id })))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

const once = async () => {
  await (await fetch(URL_)).json()
}
const plain = async (count: number) => {
  for (let i = 0; i < count; i++) await once()
}

describe('memory', { timeout: 180_000 }, () => {
  it('100,000 mocked requests leave the heap where it was', async () => {
    expect(await growth(plain)).toBeLessThan(LIMIT_MB)
  })

  it('inside boundaries too (a boundary with its own handler per 100 requests)', async () => {
    const inBoundaries = async (count: number) => {
      for (let done = 0; done < count; done += 100) {
        await server.boundary(async () => {
          server.use(http.get('http://localhost/api/items/:id', () => HttpResponse.json({ id: 'b' })))
          for (let i = 0; i < 100; i++) await once()
        })()
      }
    }
    expect(await growth(inBoundaries)).toBeLessThan(LIMIT_MB)
  })

  it('can fail: a listener that keeps every request is caught', async () => {
    const kept: Request[] = []
    const keep = ({ request }: { request: Request }) => void kept.push(request)
    server.events.on('request:start', keep)
    try {
      expect(await growth(plain, 40_000)).toBeGreaterThan(LIMIT_MB)
    } finally {
      server.events.removeListener('request:start', keep)
      kept.length = 0
    }
  })
})
