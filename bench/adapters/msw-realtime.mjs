// The WebSocket and SSE functions of the msw adapters (msw 2 and msw 3 share the `ws`/`sse` API).
// msw's sse() refuses to run without a global EventSource, which Node 24 has only behind a flag:
// undici's (the one Node would expose) satisfies the check; the scenario reads with fetch anyway.
if (typeof globalThis.EventSource === 'undefined') globalThis.EventSource = (await import('undici')).EventSource

export function mswRealtime({ ws, sse, setupServer }) {
  const listen = (handler) => {
    const server = setupServer(handler)
    server.listen({ onUnhandledRequest: 'error' })
    return { stop: () => server.close() }
  }
  return {
    /** A link at `url` that echoes each message to its sender. */
    mockWebSocketEcho: (url) =>
      listen(
        ws.link(url).addEventListener('connection', ({ client }) => {
          client.addEventListener('message', (event) => client.send(event.data))
        }),
      ),
    /** An event stream at `url` that sends `count` JSON events, then closes. */
    mockSse: (url, count, data) =>
      listen(
        sse(url, ({ client }) => {
          for (let i = 0; i < count; i++) client.send({ data })
          client.close()
        }),
      ),
  }
}
