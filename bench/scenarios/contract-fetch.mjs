// Issue 26: what contract() costs a mocked fetch. The same GET /pets (a 20-pet Petstore page) is answered
// by the same handler with and without `listen({ contract })`, in many short alternating blocks in this one
// process; the figure is the CPU time (process.cpuUsage) per checked request over that per unchecked one,
// each the lower quartile of its blocks. CPU time rather than wall time, and the lower quartile rather than
// the median: on a loaded machine (the bench shares 2 cores with other work) other processes only ever
// add time (preemption, cold caches), and more to the side that allocates more, so the median of either
// measures the load as much as mocklib. contract() itself, and the first checked request of the operation
// (which compiles its schemas, ~15 ms), are paid once per test run and left out: the warm-up pays them.
import { fileURLToPath } from 'node:url'
import { median } from '../lib/stats.mjs'

/** The value a quarter of the way up `values` (the lower quartile). */
const lowerQuartile = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 4)]

export const title = 'contract(): checked mocked fetch ÷ unchecked, 20-pet Petstore page'
export const unit = 'x'
export const impls = ['mocklib']

const DOCUMENT = fileURLToPath(new URL('../../test/openapi/fixtures/petstore-3.0.yaml', import.meta.url))
const URL_OF_PAGE = 'https://petstore.example.test/v1/pets?limit=20'
const PETS = Array.from({ length: 20 }, (_, index) => ({
  id: index + 1,
  name: `Pet ${index + 1}`,
  tag: index % 3 === 0 ? null : 'dog',
  status: ['available', 'pending', 'sold'][index % 3],
  birthday: '2020-02-29',
  weight: 12.5,
}))

export async function run(_adapter, { quick }) {
  const dist = process.env.MOCKLIB_BENCH_DIST ? new URL(`file://${process.env.MOCKLIB_BENCH_DIST}/`) : new URL('../../dist/', import.meta.url)
  const { http, HttpResponse } = await import(new URL('index.js', dist).href)
  const { setupServer } = await import(new URL('node.js', dist).href)
  const { contract } = await import(new URL('openapi.js', dist).href)
  const checkedContract = await contract(DOCUMENT, { onViolation: 'error' })
  const server = setupServer(http.get('https://petstore.example.test/v1/pets', () => HttpResponse.json(PETS)))
  const once = async () => {
    const pets = await (await fetch(URL_OF_PAGE)).json()
    if (pets.length !== 20) throw new Error(`unexpected body ${JSON.stringify(pets).slice(0, 100)}`)
  }
  const block = async (options, iterations) => {
    server.listen({ onUnhandledRequest: 'error', ...options })
    try {
      for (let i = 0; i < 20; i++) await once()
      const start = process.cpuUsage()
      for (let i = 0; i < iterations; i++) await once()
      const used = process.cpuUsage(start)
      return (used.user + used.system) / iterations
    } finally {
      server.close()
    }
  }
  // The first checked request of the operation compiles its schemas: paid here, before anything is timed.
  await block({ contract: checkedContract }, 0)
  const [pairs, iterations] = quick ? [8, 100] : [30, 200]
  const unchecked = []
  const checked = []
  for (let pair = 0; pair < pairs; pair++) {
    // Alternate which side goes first, so that neither always runs on a warmer process.
    if (pair % 2 === 0) {
      unchecked.push(await block({}, iterations))
      checked.push(await block({ contract: checkedContract }, iterations))
    } else {
      checked.push(await block({ contract: checkedContract }, iterations))
      unchecked.push(await block({}, iterations))
    }
  }
  if (process.env.MOCKLIB_BENCH_VERBOSE) {
    process.stderr.write(`contract-fetch: CPU µs per request, lower quartile / median: unchecked ${lowerQuartile(unchecked).toFixed(1)} / ${median(unchecked).toFixed(1)}, checked ${lowerQuartile(checked).toFixed(1)} / ${median(checked).toFixed(1)}\n`)
  }
  return lowerQuartile(checked) / lowerQuartile(unchecked)
}
