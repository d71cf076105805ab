import type { IncomingMessage, ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { browserSuite, type Route } from './harness.js'

// worker.record() and passthroughs: an exchange the client has read to the end
// is in the HAR after `settled()`. Through the Service Worker the real response
// is reported to the page by a message of its own, which can arrive after the
// client has read the body: `settled()` waits for it. Each case runs 20 times so
// that a race between the report and `settled()` shows.

const ROUNDS = 20
const STREAM_CHUNKS = ['first chunk;', 'second chunk;', 'last chunk.']

const routes: Record<string, Route> = {
  '/real/echo': (request: IncomingMessage, response: ServerResponse) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk))
    request.on('end', () => {
      response.setHeader('content-type', 'application/json')
      response.setHeader('x-real', 'yes')
      response.statusCode = 201
      response.statusMessage = 'Made'
      response.end(JSON.stringify({ method: request.method, body }))
    })
  },
  '/real/stream': (_request, response: ServerResponse) => {
    response.setHeader('content-type', 'text/plain')
    response.setHeader('x-real', 'streamed')
    // No content-length: chunked, written over a few ticks.
    response.write(STREAM_CHUNKS[0])
    setTimeout(() => response.write(STREAM_CHUNKS[1]), 5)
    setTimeout(() => response.end(STREAM_CHUNKS[2]), 10)
  },
  '/real/close': (request: IncomingMessage) => {
    // The server hangs up without an answer: the client's request fails.
    request.socket.destroy()
  },
}

interface RecordedEntry {
  request: { method: string; url: string; postData?: { text: string } }
  response: { status: number; statusText: string; headers: Array<{ name: string; value: string }>; content: { text?: string }; _error?: string }
}

describe.each(['service-worker', 'in-page'] as const)('recording passthroughs (%s mode)', (mode) => {
  const suite = browserSuite(undefined, routes)

  it(`includes every passthrough the client read, with its real status, headers and body, ${ROUNDS} times over`, async () => {
    const rounds = await suite.page.evaluate(
      async ({ interception, count }) => {
        const { setupWorker } = window.mocklib
        window.worker = setupWorker()
        await window.worker.start({ interception, onUnhandledRequest: 'bypass', quiet: true })
        const xhr = (method: string, url: string, body: string | null) =>
          new Promise<string>((resolve, reject) => {
            const request = new XMLHttpRequest()
            request.open(method, url)
            request.onload = () => resolve(request.responseText)
            request.onerror = () => reject(new Error('XHR failed'))
            request.send(body)
          })
        const clients: Record<string, () => Promise<string>> = {
          'fetch GET': async () => (await fetch('/real/echo')).text(),
          'fetch POST': async () => (await fetch('/real/echo', { method: 'POST', body: 'posted by fetch' })).text(),
          'XHR GET': () => xhr('GET', '/real/echo', null),
          'XHR POST': () => xhr('POST', '/real/echo', 'posted by XHR'),
          'fetch stream': async () => {
            const reader = (await fetch('/real/stream')).body!.getReader()
            const decoder = new TextDecoder()
            let text = ''
            for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value, { stream: true })
            return text
          },
        }
        const results: Array<{ client: string; read: string; entries: string }> = []
        for (let round = 0; round < count; round++) {
          for (const [client, run] of Object.entries(clients)) {
            const recording = window.worker.record()
            const read = await run()
            await recording.settled()
            results.push({ client, read, entries: JSON.stringify(recording.stop().log.entries) })
          }
        }
        await window.worker.stop()
        return results
      },
      { interception: mode, count: ROUNDS },
    )
    expect(rounds).toHaveLength(ROUNDS * 5)
    for (const { client, read, entries: text } of rounds) {
      const entries = JSON.parse(text) as RecordedEntry[]
      expect({ client, recorded: entries.length }).toEqual({ client, recorded: 1 })
      const [entry] = entries as [RecordedEntry]
      const header = (name: string) => entry.response.headers.find((pair) => pair.name.toLowerCase() === name)?.value
      expect({ client, body: entry.response.content.text }).toEqual({ client, body: read })
      if (client === 'fetch stream') {
        expect(read).toBe(STREAM_CHUNKS.join(''))
        expect({ status: entry.response.status, realHeader: header('x-real') }).toEqual({ status: 200, realHeader: 'streamed' })
        continue
      }
      const method = client.endsWith('POST') ? 'POST' : 'GET'
      const posted = method === 'POST' ? `posted by ${client.split(' ')[0]}` : ''
      expect(JSON.parse(read)).toEqual({ method, body: posted })
      expect({ client, method: entry.request.method, path: new URL(entry.request.url).pathname, postData: entry.request.postData?.text ?? '' }).toEqual({ client, method, path: '/real/echo', postData: posted })
      expect({ client, status: entry.response.status, statusText: entry.response.statusText, realHeader: header('x-real'), type: header('content-type') }).toEqual({
        client,
        status: 201,
        statusText: 'Made',
        realHeader: 'yes',
        type: 'application/json',
      })
    }
  })

  it('records a passthrough the server hung up on as a failed request (status 0), as the Node recorder does', async () => {
    const outcome = await suite.page.evaluate(async (interception) => {
      const { setupWorker } = window.mocklib
      window.worker = setupWorker()
      await window.worker.start({ interception, onUnhandledRequest: 'bypass', quiet: true })
      const recording = window.worker.record()
      const failure = await fetch('/real/close').then(
        () => 'answered',
        (error: unknown) => (error as Error).name,
      )
      await recording.settled()
      const entries = JSON.stringify(recording.stop().log.entries)
      // A passthrough after the failure is still recorded: the failed one left nothing waiting.
      const next = window.worker.record()
      await (await fetch('/real/echo')).text()
      await next.settled()
      const after = next.stop().log.entries.length
      await window.worker.stop()
      return { failure, entries, after }
    }, mode)
    expect(outcome.failure).toBe('TypeError')
    const entries = JSON.parse(outcome.entries) as RecordedEntry[]
    expect(entries).toHaveLength(1)
    expect(new URL(entries[0]!.request.url).pathname).toBe('/real/close')
    expect(entries[0]!.response).toMatchObject({ status: 0, _error: 'network error' })
    expect(outcome.after).toBe(1)
  })
})
