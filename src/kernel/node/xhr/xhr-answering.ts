import type { HttpExchange } from '../../contracts.js'
import { asError } from '../../errors.js'
import { BYPASS_HEADER, bypassMarkOf, ownCall } from '../../passthrough.js'
import { createRequestId } from '../../request-context.js'
import { type HttpSink, networkError, responseOfIncoming } from '../http-layer.js'

// Loaded by the first XHR (xhr-source.ts), which the interceptor holds meanwhile.

/** Node's own request functions, by URL protocol, for passthroughs. */
export interface NetworkRequests {
  readonly 'http:': typeof import('node:http').request | undefined
  readonly 'https:': typeof import('node:https').request | undefined
}

export interface InterceptedXhr {
  readonly request: Request
  readonly controller: {
    respondWith(response: Response): void
    errorWith(reason?: Error): void
  }
}

/** Resolves once the XHR is decided. */
export function answerXhr({ request, controller }: InterceptedXhr, sink: HttpSink, network: NetworkRequests): Promise<void> {
  const mark = bypassMarkOf(request)
  if (mark !== undefined) request.headers.delete(BYPASS_HEADER)
  // mocklib's own call (a passthrough through a fetch polyfill built on XHR): unresolved and unreported.
  if (mark === 'own') return answerFromNetwork(request, network, controller).then(() => {})
  // The network needs an unread body; a resolver may read the request's.
  const unread = request.body === null ? request : request.clone()
  return new Promise<void>((decided) => {
    let settled = false
    const settle = (decide = true) => {
      if (settled) return false
      settled = true
      // A passthrough decides later: the interceptor would send the XHR itself once this listener returns.
      if (decide) decided()
      return true
    }
    const exchange: HttpExchange = {
      kind: 'http',
      id: createRequestId(),
      request,
      bypassed: mark === 'bypass',
      respondWith(response) {
        if (!settle()) return
        // The XHR was aborted while the handlers ran: the interceptor has settled it already.
        if (request.signal.aborted) return void response.body?.cancel().catch(() => {})
        if (response.type === 'error') controller.errorWith(networkError(response))
        else controller.respondWith(response)
      },
      errorWith(error) {
        if (settle()) controller.errorWith(error)
      },
      passthrough() {
        if (!settle(false)) return Promise.resolve(undefined)
        return answerFromNetwork(unread, network, controller).finally(decided)
      },
    }
    sink(exchange).catch((error: unknown) => {
      if (settle()) controller.errorWith(asError(error))
    })
  })
}

/** Resolves with what the XHR was given, for a report. */
function answerFromNetwork(request: Request, network: NetworkRequests, controller: InterceptedXhr['controller']): Promise<Response | undefined> {
  return sendToNetwork(request, network).then(
    (response) => {
      controller.respondWith(response.clone())
      return response
    },
    (error: unknown) => {
      controller.errorWith(error instanceof Error ? error : new TypeError('Network error', { cause: error }))
      return undefined
    },
  )
}

async function sendToNetwork(request: Request, network: NetworkRequests): Promise<Response> {
  const url = new URL(request.url)
  const send = network[url.protocol as 'http:' | 'https:']
  if (send === undefined) throw new TypeError(`Network error: cannot send ${url.protocol} requests`)
  const headers: Record<string, string> = {}
  request.headers.forEach((value, name) => (headers[name] = value))
  headers[BYPASS_HEADER] = ownCall()
  const body = request.body === null ? undefined : new Uint8Array(await request.arrayBuffer())
  return new Promise<Response>((resolve, reject) => {
    const outgoing = send(url, { method: request.method, headers }, (incoming) => {
      const chunks: Uint8Array[] = []
      incoming.on('data', (chunk: Uint8Array) => chunks.push(chunk))
      incoming.on('error', reject)
      // Read whole first: the interceptor gets it in one piece, and a failure midway fails the XHR.
      incoming.on('end', () => resolve(responseOfIncoming(incoming, request.method === 'HEAD' ? null : () => Buffer.concat(chunks))))
    })
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}
