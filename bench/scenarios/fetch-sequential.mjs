// Sequential global fetch, one handler, read the JSON body.
import { perCallMicros, readJson, urlOf } from '../lib/measure.mjs'

export const title = 'sequential fetch, 1 handler'
export const unit = 'µs/req'
export const impls = ['mocklib', 'msw3', 'msw2', 'nock', 'mockagent', 'fetchmock', 'interceptors']

export async function run(adapter, { quick }) {
  const { stop } = adapter.mockFetch(1)
  const url = urlOf(0)
  const micros = await perCallMicros(async () => readJson(await fetch(url)), quick ? { warmup: 200, iterations: 300 } : { warmup: 500, iterations: 1500 })
  stop()
  return micros
}
