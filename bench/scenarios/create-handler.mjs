// Creating handlers: 10,000 distinct routes, time per handler.
export const title = 'creating one handler'
export const unit = 'µs'
export const impls = ['mocklib', 'msw3', 'msw2', 'nock', 'mockagent', 'fetchmock']

export async function run(adapter, { quick }) {
  const count = quick ? 3000 : 10_000
  adapter.createHandlers(1000) // warm-up: let the JIT see the factory
  const start = process.hrtime.bigint()
  const made = adapter.createHandlers(count)
  const micros = Number(process.hrtime.bigint() - start) / 1000 / count
  if (!made) throw new Error('nothing created')
  return micros
}
