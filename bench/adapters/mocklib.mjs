// mocklib, from the built dist (what users get). MOCKLIB_BENCH_DIST points at another build
// (an absolute folder), so that two builds can be compared without overwriting dist/.
const dist = process.env.MOCKLIB_BENCH_DIST ? new URL(`file://${process.env.MOCKLIB_BENCH_DIST}/`) : new URL('../../dist/', import.meta.url)
const { graphql, http, HttpResponse, sse, ws } = await import(new URL('index.js', dist).href)
const { setupServer } = await import(new URL('node.js', dist).href)
import { BODY, patternOf } from '../lib/measure.mjs'

export const label = 'mocklib'

export function createHandlers(count, offset = 0) {
  const handlers = new Array(count)
  for (let i = 0; i < count; i++) handlers[i] = http.get(patternOf(offset + i), () => HttpResponse.json(BODY))
  return handlers
}

/** Creates `count` handlers and registers them (registration compiles each matcher). */
export function createAndRegister(count) {
  return setupServer(...createHandlers(count))
}

function listen(count) {
  const server = setupServer(...createHandlers(count))
  server.listen({ onUnhandledRequest: 'error' })
  return { stop: () => server.close(), server }
}

export const mockFetch = listen
export const mockHttp = () => listen(1)

/** Runs `body` inside a boundary with one extra runtime handler (memory test). */
export function boundary(server, body) {
  return server.boundary(async () => {
    server.use(http.get(patternOf('b'), () => HttpResponse.json(BODY)))
    return body()
  })()
}

/** `count` GraphQL query handlers; the last one answers `GetUser`. */
export function mockGraphql(count) {
  const handlers = []
  for (let i = 0; i < count - 1; i++) handlers.push(graphql.query(`Other${i}`, () => HttpResponse.json({ data: { other: i } })))
  handlers.push(graphql.query('GetUser', ({ variables }) => HttpResponse.json({ data: { user: { id: variables.id } } })))
  const server = setupServer(...handlers)
  server.listen({ onUnhandledRequest: 'error' })
  return { stop: () => server.close() }
}

/** A link at `url` that echoes each message to its sender (WebSocket round trip). */
export function mockWebSocketEcho(url) {
  const link = ws.link(url)
  return listenWith(
    link.addEventListener('connection', ({ client }) => {
      client.addEventListener('message', (event) => client.send(event.data))
    }),
  )
}

/** An event stream at `url` that sends `count` JSON events, then closes. */
export function mockSse(url, count, data) {
  return listenWith(
    sse(url, ({ client }) => {
      for (let i = 0; i < count; i++) client.send({ data })
      client.close()
    }),
  )
}

function listenWith(handler) {
  const server = setupServer(handler)
  server.listen({ onUnhandledRequest: 'error' })
  return { stop: () => server.close() }
}
