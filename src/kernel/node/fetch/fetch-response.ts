import { decodedBody, isRedirect, nextRedirect } from '../../fetch-semantics.js'
import { inForeignContext, nodeMainGlobal } from '../main-realm.js'
import { NativeRequest, NativeResponse, statusTextOf } from '../http-layer.js'

/** A redirect to follow (or refuse), or a body to decompress: the fast path hands those to the real fetch (`answerOnce`). */
export function needsUndici(response: Response, method: string): boolean {
  if (isRedirect(response)) return true
  // The body last: an HttpResponse makes its stream only when asked for it.
  return response.headers.has('content-encoding') && method !== 'HEAD' && response.body !== null
}

/** As a real fetch response looks: its URL, type `basic`, a status text, no body for HEAD, a body that fails on abort. */
export function asFetchResponse(response: Response, method: string, url: string, signal: AbortSignal | undefined): Response {
  let answer = response
  if (method === 'HEAD' && response.body !== null) {
    void response.body.cancel().catch(() => {})
    answer = new NativeResponse(null, { status: response.status, statusText: statusTextOf(response), headers: response.headers })
  } else if (signal !== undefined && response.body !== null) {
    answer = new NativeResponse(abortableBody(response.body, signal), { status: response.status, statusText: statusTextOf(response), headers: response.headers })
  }
  // One property at a time, with a shared descriptor where the value is fixed: cheaper than a descriptor map.
  Object.defineProperty(answer, 'type', BASIC_TYPE)
  if (answer.url === '') Object.defineProperty(answer, 'url', { value: url, enumerable: true })
  if (answer.statusText === '') {
    const text = statusTextOf(answer)
    if (text !== '') Object.defineProperty(answer, 'statusText', { value: text, enumerable: true })
  }
  return answer
}

const BASIC_TYPE: PropertyDescriptor = Object.freeze({ value: 'basic', enumerable: true })

function abortableBody(body: ReadableStream<Uint8Array>, signal: AbortSignal): ReadableStream<Uint8Array> {
  const reader = body.getReader()
  let onAbort: (() => void) | undefined
  const release = () => {
    if (onAbort) signal.removeEventListener('abort', onAbort)
  }
  return new ReadableStream<Uint8Array>({
    start(controller) {
      onAbort = () => {
        controller.error(signal.reason)
        void reader.cancel(signal.reason).catch(() => {})
      }
      if (signal.aborted) onAbort()
      else signal.addEventListener('abort', onAbort, { once: true })
    },
    async pull(controller) {
      try {
        const { value, done } = await reader.read()
        if (signal.aborted) return
        if (done) {
          release()
          controller.close()
        } else controller.enqueue(value)
      } catch (error) {
        release()
        controller.error(error)
      }
    },
    cancel(reason) {
      release()
      return reader.cancel(reason)
    },
  })
}

// undici's (its Request has `duplex`) and reaching the dispatcher source: under Jest only Node's own fetch
// does (undici's npm package in jsdom cannot even finish a fetch, on jsdom's timers).
export function undiciPlaysAnswers(viaUndici: typeof fetch | undefined): boolean {
  if (viaUndici === undefined || typeof NativeRequest !== 'function' || !('duplex' in NativeRequest.prototype)) return false
  return !inForeignContext() || viaUndici === nodeMainGlobal()?.fetch
}

const hops = new WeakMap<Request, number>()

/** When no undici can play the answer: the next hop goes through `send`, so the handlers answer it too. */
export async function playAnswerHere(
  request: Request,
  body: () => Promise<ArrayBuffer | null>,
  response: Response,
  send: (next: Request) => Promise<Response>,
): Promise<Response> {
  if (isRedirect(response)) {
    const redirects = hops.get(request) ?? 0
    const next = nextRedirect(request, await body(), response, redirects)
    if (next !== undefined) {
      void response.body?.cancel().catch(() => {})
      hops.set(next, redirects + 1)
      const final = await send(next)
      Object.defineProperty(final, 'redirected', { value: true, enumerable: true })
      return final
    }
  }
  const decoded = decodedBody(response)
  const answer = decoded === response.body ? response : new NativeResponse(decoded, { status: response.status, statusText: response.statusText, headers: response.headers })
  return asFetchResponse(answer, request.method, request.url, request.signal)
}
