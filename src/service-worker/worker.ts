/**
 * The mocklib Service Worker. `npx mocklib init <publicDir>` copies its build
 * (dist/mocklib-worker.js, a plain script) next to the application.
 *
 * It answers nothing by itself: a request made by a page that activated
 * mocking goes to that page over a MessageChannel, the page's handlers
 * resolve it, and the worker answers with the mocked response, a network
 * error, or the network ("pass through"). Requests of other pages and
 * navigations are left to the browser untouched.
 */
import { BYPASS_HEADER } from '../worker-protocol/bypass-header.js'
import { ActiveClients } from './active-clients.js'
import { MESSAGE_PREFIX, PROTOCOL, type HelloReply, type PageMessage, type RequestMessage, type RequestReply, type SerializedRequest, type SerializedResponse } from '../worker-protocol/messages.js'
import type { ExtendableMessageEvent, WorkerClient, WorkerGlobal } from './sw-types.js'
import { VERSION } from '../worker-protocol/version.js'

const worker = self as unknown as WorkerGlobal
const active = new ActiveClients(worker.clients, worker.registration.scope)
const idPrefix = Math.random().toString(36).slice(2, 8)
let nextId = 0

worker.addEventListener('install', () => {
  void worker.skipWaiting()
})

worker.addEventListener('activate', (event) => {
  event.waitUntil(worker.clients.claim())
})

worker.addEventListener('message', (event) => {
  const data = event.data as PageMessage | null
  if (typeof data?.type !== 'string' || !data.type.startsWith(MESSAGE_PREFIX)) return
  event.waitUntil(
    answer(data, event).then(
      (reply) => event.ports[0]?.postMessage(reply),
      (error: unknown) => event.ports[0]?.postMessage({ type: 'mocklib:failed', message: String(error) }),
    ),
  )
})

async function answer(message: PageMessage, event: ExtendableMessageEvent): Promise<unknown> {
  const clientId = event.source?.id
  switch (message.type) {
    case 'mocklib:hello':
      return { type: 'mocklib:hello', version: VERSION, protocol: PROTOCOL } satisfies HelloReply
    case 'mocklib:claim':
      await worker.clients.claim()
      break
    case 'mocklib:activate':
      await active.ready
      if (clientId) await active.add(clientId)
      break
    case 'mocklib:deactivate':
      await active.ready
      if (clientId) await active.delete(clientId)
      break
  }
  return { type: message.type }
}

worker.addEventListener('fetch', (event) => {
  const { request } = event
  // Documents load from the network; the page they become decides to mock.
  if (request.mode === 'navigate') return
  // DevTools asks for cached-only copies the worker cannot answer.
  if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return
  if (request.headers.has(BYPASS_HEADER)) return event.respondWith(fetch(withoutBypassHeader(request)))
  const clientId = event.clientId
  if (!clientId) return
  if (active.restored) {
    if (active.has(clientId)) event.respondWith(handle(request, clientId))
    return
  }
  // Woken up by this request: wait for the stored set before deciding.
  event.respondWith(active.ready.then(() => (active.has(clientId) ? handle(request, clientId) : fetch(request))))
})

async function handle(request: Request, clientId: string): Promise<Response> {
  const client = await worker.clients.get(clientId)
  if (!client) return fetch(request)
  const forNetwork = request.clone()
  const serialized = await serializeRequest(request, `${idPrefix}-${(nextId++).toString(36)}`)
  const reply = await ask(client, { type: 'mocklib:request', request: serialized }, serialized.body ? [serialized.body] : [])
  if (reply.type === 'mocked') return toResponse(reply.response)
  if (reply.type === 'error') return Response.error()
  const response = await fetch(forNetwork)
  if (reply.report) report(client, serialized.id, response)
  return response
}

async function serializeRequest(request: Request, id: string): Promise<SerializedRequest> {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  return {
    id,
    url: request.url,
    method: request.method,
    headers: [...request.headers],
    body: hasBody ? await request.arrayBuffer() : null,
    credentials: request.credentials,
    cache: request.cache,
    redirect: request.redirect,
    referrer: request.referrer,
    referrerPolicy: request.referrerPolicy,
    integrity: request.integrity,
    keepalive: request.keepalive,
    destination: request.destination,
    mode: request.mode,
  }
}

function ask(client: WorkerClient, message: RequestMessage, transfer: Transferable[]): Promise<RequestReply> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = (event: MessageEvent<RequestReply>) => {
      channel.port1.close()
      resolve(event.data)
    }
    client.postMessage(message, [channel.port2, ...transfer])
  })
}

function toResponse(response: SerializedResponse): Response {
  const headers = new Headers()
  for (const [name, value] of response.headers) headers.append(name, value)
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

// The page wants the real response for `response:bypass` listeners: send a copy.
function report(client: WorkerClient, requestId: string, response: Response): void {
  if (response.type === 'opaque' || response.type === 'opaqueredirect') return
  const copy = response.clone()
  void copy.arrayBuffer().then((body) => {
    const serialized: SerializedResponse = { status: copy.status, statusText: copy.statusText, headers: [...copy.headers], body }
    client.postMessage({ type: 'mocklib:bypass', requestId, response: serialized }, [body])
  })
}

function withoutBypassHeader(request: Request): Request {
  const headers = new Headers(request.headers)
  headers.delete(BYPASS_HEADER)
  return new Request(request, { headers })
}
