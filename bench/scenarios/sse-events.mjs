// Server-Sent Events throughput: a mocked stream sends N events and closes;
// global fetch reads the body to the end. Time per event (1e6 / this = events per second).
export const title = 'SSE events (mocked stream read by fetch)'
export const unit = 'µs/event'
export const impls = ['mocklib', 'msw3', 'msw2']

export const URL = 'http://localhost/events'
const EVENTS = 1000
const PAYLOAD = { id: 1, text: 'hello' }

async function readAll() {
  const response = await fetch(URL, { headers: { accept: 'text/event-stream' } })
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    text += decoder.decode(value, { stream: true })
  }
  const count = text.split('\n\n').length - 1
  if (count !== EVENTS) throw new Error(`expected ${EVENTS} events, got ${count}`)
}

export async function run(adapter, { quick }) {
  const { stop } = adapter.mockSse(URL, EVENTS, PAYLOAD)
  const { warmup, iterations } = quick ? { warmup: 3, iterations: 10 } : { warmup: 5, iterations: 40 }
  for (let i = 0; i < warmup; i++) await readAll()
  const start = process.hrtime.bigint()
  for (let i = 0; i < iterations; i++) await readAll()
  const micros = Number(process.hrtime.bigint() - start) / 1000 / (iterations * EVENTS)
  stop()
  return micros
}
