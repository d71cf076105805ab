// 50 concurrent global fetches per batch, batches in sequence; time per request.
import { perCallMicros, readJson, urlOf } from '../lib/measure.mjs'

export const title = '50 concurrent fetches'
export const unit = 'µs/req'
export const impls = ['mocklib', 'msw3', 'msw2', 'nock', 'mockagent', 'fetchmock']

const WIDTH = 50

export async function run(adapter, { quick }) {
  const { stop } = adapter.mockFetch(1)
  const url = urlOf(0)
  const batch = () => Promise.all(Array.from({ length: WIDTH }, async () => readJson(await fetch(url))))
  const perBatch = await perCallMicros(batch, quick ? { warmup: 5, iterations: 10 } : { warmup: 10, iterations: 40 })
  stop()
  return perBatch / WIDTH
}
