// node --expose-gc bench/memory.mjs [--quick]
// 100,000 mocked requests (fetch fast path) after a warm-up must leave the heap
// within 10 MB of where it was, plain and inside boundaries. Uses the built dist.
// Prints { value: { plainMB, boundaryMB } } and exits 1 when over the limit.
import { http, HttpResponse } from '../dist/index.js'
import { setupServer } from '../dist/node.js'

const LIMIT_MB = 10
const REQUESTS = process.argv.includes('--quick') ? 20_000 : 100_000
if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc')

const url = 'http://localhost/api/r0/1'
const server = setupServer(http.get('http://localhost/api/r0/:id', ({ params }) => HttpResponse.json({ id: params.id })))
server.listen({ onUnhandledRequest: 'error' })
const once = async () => (await fetch(url)).json()

async function heapMB() {
  for (let i = 0; i < 4; i++) {
    globalThis.gc()
    await new Promise((resolve) => setImmediate(resolve))
  }
  return process.memoryUsage().heapUsed / 2 ** 20
}

async function growth(run) {
  await run(10_000) // warm-up
  const before = await heapMB()
  await run(REQUESTS)
  return (await heapMB()) - before
}

const plain = async (count) => {
  for (let i = 0; i < count; i++) await once()
}
// A boundary per 100 requests, each with its own runtime handler.
const inBoundaries = async (count) => {
  for (let done = 0; done < count; done += 100) {
    await server.boundary(async () => {
      server.use(http.get('http://localhost/api/r0/:id', () => HttpResponse.json({ id: 'b' })))
      for (let i = 0; i < 100; i++) await once()
    })()
  }
}

const plainMB = await growth(plain)
const boundaryMB = await growth(inBoundaries)
server.close()
process.stdout.write(`${JSON.stringify({ value: { plainMB, boundaryMB, requests: REQUESTS } })}\n`)
process.exit(plainMB <= LIMIT_MB && boundaryMB <= LIMIT_MB ? 0 : 1)
