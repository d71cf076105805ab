// The recorder on its own: what it keeps by default, order, binary request
// bodies, and what stop() does to later exchanges.
import { describe, expect, it } from 'vitest'
import type { CompletedExchange } from '../../src/dsl/record/to-har-entry.js'
import { createRecorder } from '../../src/dsl/record/recorder.js'
import { toHarEntry } from '../../src/dsl/record/to-har-entry.js'

/** `response: null` stands for a network error (`undefined` would take the default). */
const exchange = (outcome: CompletedExchange['outcome'], path: string, response: Response | null = new Response('ok')): CompletedExchange => ({
  id: path,
  request: new Request(`http://127.0.0.1:9/${path}`),
  response: response ?? undefined,
  outcome,
  startedAt: Date.UTC(2026, 0, 2, 3, 4, 5),
  durationMs: 12,
})

describe('createRecorder', () => {
  it('keeps what the network answered by default, and mocked answers with include: "all"', async () => {
    const outcomes = () => [
      exchange('mocked', 'mocked'),
      exchange('passthrough', 'passthrough'),
      exchange('bypass', 'bypass'),
      exchange('unhandled', 'unhandled'),
      // Failed by the unhandled policy: never reached the network.
      exchange('unhandled', 'refused', null),
      // A real network error of a request sent on.
      exchange('passthrough', 'down', null),
    ]
    const network = createRecorder()
    const all = createRecorder({ include: 'all' })
    for (const each of outcomes()) network.onCompleted(each)
    for (const each of outcomes()) all.onCompleted(each)
    await Promise.all([network.settled(), all.settled()])
    expect(network.stop().log.entries.map((entry) => entry.request.url.split('/').pop())).toEqual(['passthrough', 'bypass', 'unhandled', 'down'])
    expect(all.stop().log.entries.map((entry) => entry.request.url.split('/').pop())).toEqual(['mocked', 'passthrough', 'bypass', 'unhandled', 'refused', 'down'])
  })

  it('keeps the order exchanges completed in, even when a later body finishes first', async () => {
    let finish!: () => void
    const slow = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('slow '))
        finish = () => {
          controller.enqueue(new TextEncoder().encode('body'))
          controller.close()
        }
      },
    })
    const recorder = createRecorder()
    recorder.onCompleted(exchange('passthrough', 'first', new Response(slow)))
    recorder.onCompleted(exchange('passthrough', 'second'))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(recorder.size).toBe(1)
    finish()
    await recorder.settled()
    const har = recorder.stop()
    expect(har.log.entries.map((entry) => entry.response.content.text)).toEqual(['slow body', 'ok'])
  })

  it('records nothing after stop(), and releases its entries', async () => {
    const recorder = createRecorder()
    recorder.onCompleted(exchange('passthrough', 'a'))
    await recorder.settled()
    expect(recorder.stop().log.entries).toHaveLength(1)
    recorder.onCompleted(exchange('passthrough', 'b'))
    await recorder.settled()
    expect(recorder.size).toBe(0)
    expect(recorder.stop().log.entries).toEqual([])
  })
})

describe('toHarEntry', () => {
  it('writes timings, a binary request body as base64 and an empty-bodied response without text', async () => {
    const bytes = new Uint8Array([0, 255, 1, 254])
    const entry = await toHarEntry({
      ...exchange('passthrough', 'upload', new Response(null, { status: 204 })),
      request: new Request('http://127.0.0.1:9/upload?x=1', { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: bytes }),
    })
    expect(entry.startedDateTime).toBe('2026-01-02T03:04:05.000Z')
    expect(entry.time).toBe(12)
    expect(entry.timings).toMatchObject({ send: 0, wait: 12, receive: 0 })
    expect(entry.request.postData).toEqual({ mimeType: 'application/octet-stream', text: 'AP8B/g==', _encoding: 'base64' })
    expect(entry.request.bodySize).toBe(4)
    expect(entry.response.status).toBe(204)
    expect(entry.response.content).toEqual({ size: 0, mimeType: 'x-unknown' })
  })
})
