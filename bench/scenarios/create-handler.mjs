// Creating and registering handlers: 10,000 distinct routes, time per handler,
// including what a user pays to hand them to the library (`setupServer(...)` for
// the msw-style libraries; the others register as they create).
export const title = 'creating and registering one handler'
export const unit = 'µs'
export const impls = ['mocklib', 'msw3', 'msw2', 'nock', 'mockagent', 'fetchmock']

export async function run(adapter, { quick }) {
  const count = quick ? 3000 : 10_000
  const register = adapter.createAndRegister ?? adapter.createHandlers
  register(1000) // warm-up: let the JIT see the factory
  const start = process.hrtime.bigint()
  const made = register(count)
  const micros = Number(process.hrtime.bigint() - start) / 1000 / count
  if (!made) throw new Error('nothing created')
  return micros
}
