/** Helpers of the SSE tests: read an event stream with fetch, collect EventSource events. */
import { createServer, type Server, type ServerResponse } from 'node:http'
import { afterAll, beforeAll } from 'vitest'

/** Reads a streamed body as text until it ends (or `until` says enough). */
export async function readText(response: Response, until?: (text: string) => boolean): Promise<string> {
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    text += decoder.decode(value, { stream: true })
    if (until?.(text)) {
      await reader.cancel()
      break
    }
  }
  return text
}

export interface Received {
  readonly type: string
  readonly data: string
  readonly lastEventId: string
}

/** Collects events of the given types from an EventSource-like object until `count` arrived. */
export function collect(source: EventTarget, types: string[], count: number): Promise<Received[]> {
  const received: Received[] = []
  return new Promise((resolve, reject) => {
    for (const type of types) {
      source.addEventListener(type, (event) => {
        const { data, lastEventId } = event as MessageEvent
        received.push({ type, data: String(data), lastEventId })
        if (received.length === count) resolve(received)
      })
    }
    setTimeout(() => reject(new Error(`timed out with ${JSON.stringify(received)}`)), 5000).unref()
  })
}

/** Resolves on the next event of `type`. */
export function next(source: EventTarget, type: string): Promise<Event> {
  return new Promise((resolve) => source.addEventListener(type, resolve, { once: true }))
}

/** A real SSE server on 127.0.0.1 that streams `frames` then keeps the stream open. */
export function useRealEventStream(frames: string[]): { origin: string; headers: Array<Record<string, unknown>> } {
  const state = { origin: '', headers: [] as Array<Record<string, unknown>> }
  let server: Server | undefined
  const open = new Set<ServerResponse>()
  beforeAll(async () => {
    server = createServer((request, response) => {
      state.headers.push(request.headers)
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
      for (const frame of frames) response.write(frame)
      open.add(response)
    })
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    if (address === null || typeof address === 'string') throw new Error('no port')
    state.origin = `http://127.0.0.1:${address.port}`
  })
  afterAll(async () => {
    for (const response of open) response.destroy()
    await new Promise<void>((resolve) => {
      server?.closeAllConnections()
      server?.close(() => resolve())
    })
  })
  return state
}
