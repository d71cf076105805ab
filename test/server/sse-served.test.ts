// sse() handlers over the wire: an EventSource (the `eventsource` package) in another process gets events
// while the stream is open, and the resolver learns through request.signal when that client goes away.
import { sse } from 'mocklib'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../../src/api/server.js'
import { inChildProcess } from './clients.js'

let server: MockServer
let resolve!: () => void
const clientLeft = new Promise<void>((done) => (resolve = done))

beforeAll(async () => {
  server = await createMockServer([
    sse<{ tick: { n: number } }>('/ticks', ({ client, request }) => {
      let n = 0
      client.send({ event: 'tick', data: { n: n++ } })
      const timer = setInterval(() => client.send({ event: 'tick', data: { n: n++ } }), 20)
      request.signal.addEventListener('abort', () => {
        clearInterval(timer)
        resolve()
      })
    }),
  ])
})
afterAll(() => server.close())

it('streams events to an EventSource in another process, and stops when it closes', async () => {
  const received = await inChildProcess<number[]>(`
    import { EventSource } from ${JSON.stringify(import.meta.resolve('eventsource'))}
    const source = new EventSource('${server.url}/ticks')
    const seen = []
    await new Promise((resolve, reject) => {
      source.addEventListener('tick', (event) => {
        seen.push(JSON.parse(event.data).n)
        if (seen.length === 3) resolve()
      })
      source.onerror = (error) => reject(new Error(String(error.message)))
    })
    source.close()
    // Under load several events arrive in one chunk and are all dispatched before close() runs.
    console.log(JSON.stringify(seen.slice(0, 3)))`)
  expect(received).toEqual([0, 1, 2])
  await clientLeft
  expect(server.history()).toMatchObject([{ method: 'GET', status: 200, outcome: 'mocked', response: { headers: expect.arrayContaining([['content-type', 'text/event-stream']]) } }])
})
