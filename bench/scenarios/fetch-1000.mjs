// Sequential global fetch with 1000 handlers; the request matches the last one.
import { perCallMicros, readJson, urlOf } from '../lib/measure.mjs'

export const title = 'sequential fetch, 1000 handlers, match last'
export const unit = 'µs/req'
export const impls = ['mocklib', 'msw3', 'msw2', 'nock', 'mockagent', 'fetchmock']

export async function run(adapter, { quick }) {
  const { stop } = adapter.mockFetch(1000)
  const url = urlOf(999)
  const micros = await perCallMicros(async () => readJson(await fetch(url)), quick ? { warmup: 200, iterations: 300 } : { warmup: 500, iterations: 1500 })
  stop()
  return micros
}
