// recordRuntime on a kernel v2 runtime: the runtime reports completed
// exchanges (here from a source written for the test that sends passthroughs
// to a real 127.0.0.1 server with the real fetch); the recording keeps the
// ones of its scope, and stop() removes its observer.
import { http, HttpResponse } from '../../src/dsl/index.js'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createRuntime, HandlerScope, type HttpExchange, type Runtime } from '../../src/kernel/index.js'
import { createAsyncScopeStore } from '../../src/kernel/node/index.js'
import { recordRuntime } from '../../src/dsl/record/record-runtime.js'
import { startRealServer, type RealServer } from './support.js'

let real: RealServer
const realFetch = globalThis.fetch
beforeAll(async () => {
  real = await startRealServer()
})
afterAll(() => real.close())

/** Hands `request` to the runtime as a source would, and resolves with what the client got. */
function exchange(runtime: Runtime, request: Request): Promise<Response | Error> {
  return new Promise((resolve) => {
    const http: HttpExchange = {
      kind: 'http',
      id: Math.random().toString(36).slice(2),
      request,
      respondWith: resolve,
      errorWith: resolve,
      async passthrough() {
        const response = await realFetch(request.clone()).catch(() => undefined)
        resolve(response ? response.clone() : new Error('network'))
        return response
      },
    }
    void runtime.handle(http)
  })
}

it('records the completed exchanges of its scope only, and stops observing on stop()', async () => {
  const root = new HandlerScope([http.get(`${real.origin}/mocked`, () => HttpResponse.json({ mocked: true }))])
  const store = createAsyncScopeStore(root)
  const runtime = createRuntime({ store, sources: [] })
  runtime.start({ onUnhandledRequest: 'bypass' })
  try {
    const recording = recordRuntime(runtime, root, { include: 'all' })
    await exchange(runtime, new Request(`${real.origin}/mocked`))
    await exchange(runtime, new Request(`${real.origin}/json?page=4`))
    // A request made inside another scope (a boundary) is not this recording's.
    const boundary = root.fork()
    await store.run(boundary, () => exchange(runtime, new Request(`${real.origin}/counter`)))
    await recording.settled()
    const har = recording.stop()
    expect(har.log.entries.map((entry) => [entry._outcome, new URL(entry.request.url).pathname, entry.response.status])).toEqual([
      ['mocked', '/mocked', 200],
      ['unhandled', '/json', 200],
    ])
    expect(JSON.parse(har.log.entries[1]!.response.content.text!)).toEqual({ page: '4', items: [1, 2, 3] })
    expect(runtime.observers.size).toBe(0)
  } finally {
    runtime.stop()
  }
})
