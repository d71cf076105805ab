// An unhandled request sent on to the network that failed there is recorded as
// a failed request (status 0), as a passthrough that failed is; one the
// unhandled-request policy refused never reached the network and is left out.
import { describe, expect, it } from 'vitest'
import type { CompletedExchange } from '../../src/dsl/record/to-har-entry.js'
import { createRecorder } from '../../src/dsl/record/recorder.js'

const failed = (path: string, failure: 'policy' | 'network'): CompletedExchange => ({
  id: path,
  request: new Request(`http://127.0.0.1:9/${path}`),
  response: undefined,
  outcome: 'unhandled',
  startedAt: Date.UTC(2026, 0, 2, 3, 4, 5),
  durationMs: 3,
  failure,
})

describe('createRecorder and unhandled requests without a response', () => {
  it('keeps the one the network failed (status 0) and leaves out the one the policy refused', async () => {
    const recorder = createRecorder()
    recorder.onCompleted(failed('refused', 'policy'))
    recorder.onCompleted(failed('down', 'network'))
    await recorder.settled()
    const entries = recorder.stop().log.entries
    expect(entries.map((entry) => entry.request.url.split('/').pop())).toEqual(['down'])
    expect(entries[0]!.response).toMatchObject({ status: 0, _error: 'network error' })
  })
})
