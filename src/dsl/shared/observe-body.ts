import { rememberSetCookies, setCookiesOf } from '../response/cookie-jar.js'
import { HttpResponse, markStreamBody } from '../response/http-response.js'

/** A copy of a streamed response whose `settled` resolves once its body is done with. */
export interface ObservedBody {
  readonly response: Response
  readonly settled: Promise<void>
}

/**
 * Relays the body of a streamed response through a stream that reports when
 * it settles: read to the end, errored, or cancelled by the client. Returns
 * `undefined` when the body cannot be observed (none, already read, locked,
 * or a status a Response cannot be rebuilt with).
 *
 * @example
 * const observed = observeBody(response)
 * if (observed) void observed.settled.then(runCleanups)
 */
export function observeBody(response: Response): ObservedBody | undefined {
  const body = response.body
  if (body === null || response.bodyUsed || body.locked) return undefined
  let settle!: () => void
  const settled = new Promise<void>((resolve) => (settle = resolve))
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined
  // A pulled relay rather than pipeThrough: some engines drop a transform's cancel signal.
  const relay = new ReadableStream<Uint8Array>({
    async pull(controller) {
      reader ??= body.getReader()
      try {
        const { done, value } = await reader.read()
        if (done) {
          settle()
          controller.close()
        } else controller.enqueue(value)
      } catch (error) {
        settle()
        controller.error(error)
      }
    },
    async cancel(reason) {
      settle()
      await (reader ?? body).cancel(reason)
    },
  })
  let copy: Response
  try {
    copy = new HttpResponse(relay, { status: response.status, statusText: response.statusText, headers: response.headers })
  } catch {
    return undefined
  }
  rememberSetCookies(copy, { headers: setCookiesOf(response).map((value): [string, string] => ['set-cookie', value]) })
  return { response: markStreamBody(copy), settled }
}
