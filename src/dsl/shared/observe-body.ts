import { rememberSetCookies, setCookiesOf } from '../response/cookie-jar.js'
import { HttpResponse } from '../response/http-response.js'

/** A copy of a streamed response whose `settled` resolves once its body ends, errors or is cancelled. */
export function observeBody(response: Response): { readonly response: Response; readonly settled: Promise<void> } | undefined {
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
  const copy = new HttpResponse(relay, { status: response.status, statusText: response.statusText, headers: response.headers })
  rememberSetCookies(copy, { headers: setCookiesOf(response).map((value): [string, string] => ['set-cookie', value]) })
  // A ReadableStream body: the copy is marked as streamed, as the response was.
  return { response: copy, settled }
}
