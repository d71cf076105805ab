// Answers nothing by itself: a request of a page that activated mocking goes to that page's handlers over its
// link; requests of other pages and navigations are left to the browser untouched.
import { BYPASS_HEADER, withoutBypassHeader } from '../worker-protocol/bypass-header.js'
import {
  MESSAGE_PREFIX,
  PROTOCOL,
  type BypassMessage,
  type HelloReply,
  type PageMessage,
  type RequestMessage,
  type RequestReply,
  type SerializedRequest,
  type SerializedResponse,
} from '../worker-protocol/messages.js'
import { VERSION } from '../worker-protocol/version.js'
import { ActiveClients } from './active-clients.js'
import { pageLink } from './page-link.js'
import type { WorkerGlobal } from './sw-types.js'

const worker = self as unknown as WorkerGlobal
const active = new ActiveClients(worker.clients, worker.registration.scope)
// Memory only: a restarted worker asks the client instead, and the page links again.
const links = new Map<string, ReturnType<typeof pageLink>>()
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
    answer(data, event.source?.id).then(
      (reply) => event.ports[0]?.postMessage(reply),
      (error: unknown) => event.ports[0]?.postMessage({ type: 'mocklib:failed', message: String(error) }),
    ),
  )
})

async function answer(message: PageMessage, clientId: string | undefined): Promise<unknown> {
  switch (message.type) {
    case 'mocklib:hello':
      return { type: 'mocklib:hello', version: VERSION, protocol: PROTOCOL } satisfies HelloReply
    case 'mocklib:claim':
      await worker.clients.claim()
      break
    case 'mocklib:activate':
      if (clientId) {
        unlink(clientId)
        links.set(clientId, pageLink(message.link))
      }
      await active.ready
      if (clientId) await active.add(clientId)
      break
    case 'mocklib:deactivate':
      if (clientId) unlink(clientId)
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

function unlink(clientId: string): void {
  links.get(clientId)?.retire()
  links.delete(clientId)
}

async function handle(request: Request, clientId: string): Promise<Response> {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  // A bodiless request is still unread after it was described to the page: it goes to the network as it is.
  const forNetwork = hasBody ? request.clone() : request
  const serialized = describeRequest(request, `${idPrefix}-${(nextId++).toString(36)}`, hasBody ? await request.arrayBuffer() : null)
  const message: RequestMessage = { type: 'mocklib:request', request: serialized }
  const transfer = serialized.body ? [serialized.body] : []
  const link = links.get(clientId)
  const reply = link ? await link.ask(message, transfer) : await askClient(clientId, message, transfer)
  if (reply === undefined) return fetch(forNetwork)
  if (reply.type === 'mocked') return mockedResponse(reply.response)
  if (reply.type === 'error') return Response.error()
  if (!reply.report) return fetch(forNetwork)
  let response: Response
  try {
    response = await fetch(forNetwork)
  } catch (error) {
    // The page waits for every report it asked for.
    sendReport(clientId, serialized.id, null)
    throw error
  }
  report(clientId, serialized.id, response)
  return response
}

// This worker was restarted since the page activated: the page links again once asked.
async function askClient(clientId: string, message: RequestMessage, transfer: Transferable[]): Promise<RequestReply | undefined> {
  const client = await worker.clients.get(clientId)
  if (!client) return undefined
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = (event: MessageEvent<RequestReply>) => {
      channel.port1.close()
      resolve(event.data)
    }
    client.postMessage(message, [channel.port2, ...transfer])
  })
}

function report(clientId: string, requestId: string, response: Response): void {
  if (response.type === 'opaque' || response.type === 'opaqueredirect') return sendReport(clientId, requestId, null)
  const copy = response.clone()
  void copy.arrayBuffer().then(
    (body) => sendReport(clientId, requestId, { status: copy.status, statusText: copy.statusText, headers: [...copy.headers], body }, [body]),
    // The body failed midway, for the client too.
    () => sendReport(clientId, requestId, null),
  )
}

function sendReport(clientId: string, requestId: string, response: SerializedResponse | null, transfer: Transferable[] = []): void {
  const message: BypassMessage = { type: 'mocklib:bypass', requestId, response }
  const link = links.get(clientId)
  if (link) return link.post(message, transfer)
  void worker.clients.get(clientId).then((client) => client?.postMessage(message, transfer))
}

const encoder = new TextEncoder()

/** `body` is read beforehand, to be transferred rather than copied. */
function describeRequest(request: Request, id: string, body: ArrayBuffer | null): SerializedRequest {
  return {
    id,
    url: request.url,
    method: request.method,
    headers: [...request.headers],
    body,
    credentials: request.credentials,
    cache: request.cache,
    redirect: request.redirect,
    referrer: request.referrer,
    referrerPolicy: request.referrerPolicy,
    keepalive: request.keepalive,
    mode: request.mode,
  }
}

function mockedResponse(response: SerializedResponse): Response {
  const body = typeof response.body === 'string' ? streamOf(encoder.encode(response.body)) : response.body
  // Pairs, so that repeated names (Set-Cookie) stay apart.
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })
}

// Chromium hands a string-built body to the page as a blob, a trip through the browser process; a stream
// reaches the page sooner (measured with bench/browser-worker.mjs).
function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes)
      controller.close()
    },
  })
}
