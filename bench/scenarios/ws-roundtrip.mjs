// WebSocket message round trip: Node's global WebSocket sends a message, the
// mocked link's handler echoes it, the client receives it (one connection).
export const title = 'WebSocket round trip (client → handler → client)'
export const unit = 'µs/msg'
export const impls = ['mocklib', 'msw3', 'msw2']

export const URL = 'ws://localhost/echo'

export async function run(adapter, { quick }) {
  const { stop } = adapter.mockWebSocketEcho(URL)
  const socket = new WebSocket(URL)
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true })
    socket.addEventListener('error', () => reject(new Error('the socket did not open')), { once: true })
  })
  let waiting
  socket.addEventListener('message', (event) => waiting?.(event.data))
  const roundTrip = (i) =>
    new Promise((resolve, reject) => {
      const sent = `m${i}`
      waiting = (data) => (data === sent ? resolve() : reject(new Error(`expected ${sent}, got ${data}`)))
      socket.send(sent)
    })
  // Long enough for the JIT to settle: a round trip is a few microseconds.
  const { warmup, iterations } = quick ? { warmup: 1000, iterations: 3000 } : { warmup: 3000, iterations: 20000 }
  for (let i = 0; i < warmup; i++) await roundTrip(i)
  const start = process.hrtime.bigint()
  for (let i = 0; i < iterations; i++) await roundTrip(i)
  const micros = Number(process.hrtime.bigint() - start) / 1000 / iterations
  socket.close()
  stop()
  return micros
}
