// Issue 26: what contract() costs a mocked fetch. The same GET /pets (a 20-pet Petstore page) is answered
// with and without `listen({ contract })`, in alternating blocks in this one process (so that both sides see
// the same machine load); the figure is the median ratio of checked to unchecked time per request.
import { fileURLToPath } from 'node:url'
import { perCallMicros } from '../lib/measure.mjs'
import { median } from '../lib/stats.mjs'

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
  const block = async (options) => {
    server.listen({ onUnhandledRequest: 'error', ...options })
    try {
      return await perCallMicros(once, quick ? { warmup: 50, iterations: 150 } : { warmup: 200, iterations: 500 })
    } finally {
      server.close()
    }
  }
  const ratios = []
  for (let round = 0; round < (quick ? 3 : 7); round++) {
    // Alternate which side goes first, so that neither always runs on a warmer process.
    const [unchecked, checked] = round % 2 === 0 ? [await block({}), await block({ contract: checkedContract })] : [await block({ contract: checkedContract }), await block({})].reverse()
    ratios.push(checked / unchecked)
    if (process.env.MOCKLIB_BENCH_VERBOSE) process.stderr.write(`contract-fetch: unchecked ${unchecked.toFixed(1)} µs, checked ${checked.toFixed(1)} µs\n`)
  }
  return median(ratios)
}
