import { withoutBypassHeader } from '../../worker-protocol/bypass-header.js'
import { message } from '../errors.js'
import { onFirstUse } from '../on-first-use.js'
import { bypassMarkOf } from '../passthrough.js'
import type { HttpSink } from '../node/http-layer.js'
import type { FetchCall } from './web-fetch-exchange.js'

const exchanges = onFirstUse(
  () => import('./web-fetch-exchange.js'),
  (error) => new Error(message(`What answers a fetch call could not be loaded (${String(error)}), so this fetch failed rather than going to the network unchecked.`, 'If mocklib/node is bundled, keep the chunks it imports next to it.')),
)

/** Bun and Deno have no undici under `fetch`: this does what a fetch does with an answer (redirects through the handlers, decoding, HEAD, abort). */
export function patchWebFetch(sink: HttpSink): () => void {
  const realFetch = globalThis.fetch
  const network = (request: Request) => realFetch(withoutBypassHeader(request))
  const send = (request: Request, redirects: number): Promise<Response> => {
    if (request.signal.aborted) return Promise.reject(request.signal.reason)
    const mark = bypassMarkOf(request)
    if (mark === 'own') return network(request)
    // Taken before a resolver reads the body: the network and a redirect's next hop need it unread.
    const unread = request.body === null ? undefined : request.clone()
    return new Promise<Response>((resolve, reject) => {
      const call: FetchCall = { resolve, reject, network, send }
      const loading = exchanges.use((loaded) => void sink(new loaded.WebFetchExchange(request, unread, mark === 'bypass', redirects, call)))
      if (loading instanceof Promise) loading.catch(reject)
    })
  }
  const mockedFetch = function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    let request: Request
    try {
      request = new Request(input, init)
    } catch {
      // Invalid input: the runtime's fetch rejects with its own error, before any network.
      return realFetch(input, init)
    }
    return send(request, 0)
  }
  // Bun's fetch carries `fetch.preconnect`: applications calling it keep working.
  for (const name of Object.getOwnPropertyNames(realFetch)) {
    if (!(name in mockedFetch)) Object.defineProperty(mockedFetch, name, Object.getOwnPropertyDescriptor(realFetch, name)!)
  }
  globalThis.fetch = mockedFetch as typeof fetch
  return () => {
    if (globalThis.fetch === (mockedFetch as typeof fetch)) globalThis.fetch = realFetch
  }
}
