import {
  PROTOCOL,
  type BypassMessage,
  type HelloReply,
  type LinkMessage,
  type LinkReply,
  type PageMessage,
  type RequestReply,
  type SerializedRequest,
} from '../../worker-protocol/messages.js'
import { VERSION } from '../../worker-protocol/version.js'
import type { ExchangeSink } from '../contracts.js'
import { message } from '../errors.js'
import type { ReportTracker } from './report-tracker.js'
import { deserializeResponse, workerExchange, type ReplySender, type ReportWaiters } from './worker-exchange.js'

const HANDSHAKE_TIMEOUT = 5_000
const KEEPALIVE_INTERVAL = 10_000

const INIT = 'npx mocklib init <publicDir>'

const PASSTHROUGH: RequestReply = { type: 'passthrough', report: false }

type Receiver = (data: LinkMessage, port: MessagePort | undefined) => void

let receiver: Receiver | undefined
let listening = false

/**
 * The worker knows pages, not runtimes: one runtime at a time receives its messages. With none (a request on its
 * way at `stop()`) the request passes through instead of hanging.
 */
function receiveWorkerMessages(next: Receiver): () => void {
  if (receiver) throw new Error(message('Another mocklib worker already runs in this page.', 'Call stop() on it before start() on this one; one worker mocks a page at a time.'))
  receiver = next
  if (!listening) {
    listening = true
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent<LinkMessage | null>) => {
      const data = event.data
      if (data?.type !== 'mocklib:request' && data?.type !== 'mocklib:bypass') return
      if (receiver) receiver(data, event.ports[0])
      else if (data.type === 'mocklib:request') event.ports[0]?.postMessage(PASSTHROUGH)
    })
    navigator.serviceWorker.startMessages()
  }
  return () => {
    if (receiver === next) receiver = undefined
  }
}

function ask<Reply>(worker: ServiceWorker, question: PageMessage, transfer: Transferable[] = []): Promise<Reply | undefined> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const timer = setTimeout(() => resolve(undefined), HANDSHAKE_TIMEOUT)
    channel.port1.onmessage = (event: MessageEvent<Reply>) => {
      clearTimeout(timer)
      channel.port1.close()
      resolve(event.data)
    }
    worker.postMessage(question, [channel.port2, ...transfer])
  })
}

async function activatedWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  const pending = registration.installing ?? registration.waiting
  if (pending) {
    await new Promise<void>((resolve) => {
      const check = (): void => {
        if (pending.state !== 'activated' && pending.state !== 'redundant') return
        pending.removeEventListener('statechange', check)
        resolve()
      }
      pending.addEventListener('statechange', check)
      check()
    })
  }
  return registration.active
}

/** It may not control the page after a hard reload. */
async function ensureControl(worker: ServiceWorker, registration: ServiceWorkerRegistration, url: string): Promise<void> {
  const container = navigator.serviceWorker
  if (container.controller === worker) return
  if (!location.href.startsWith(registration.scope)) throw new Error(scopeText(url, registration.scope))
  const controlled = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), HANDSHAKE_TIMEOUT)
    container.addEventListener('controllerchange', function onChange() {
      if (container.controller !== worker) return
      clearTimeout(timer)
      container.removeEventListener('controllerchange', onChange)
      resolve(true)
    })
  })
  await ask(worker, { type: 'mocklib:claim' })
  if (container.controller !== worker && !(await controlled)) throw new Error(scopeText(url, registration.scope))
}

/** Checks the worker script's version, makes it control the page and activates mocking; resolves to the stop. */
export async function connectWorker(registration: ServiceWorkerRegistration, url: string, sink: ExchangeSink, reports: ReportTracker): Promise<() => Promise<void>> {
  const worker = await activatedWorker(registration)
  if (!worker) throw new Error(notMocklibWorkerText(url))
  const hello = await ask<HelloReply>(worker, { type: 'mocklib:hello' })
  if (hello?.type !== 'mocklib:hello') throw new Error(notMocklibWorkerText(url))
  if (hello.version !== VERSION || hello.protocol !== PROTOCOL) throw new Error(versionMismatchText(url, hello.version))
  await ensureControl(worker, registration, url)

  const awaitingReports: ReportWaiters = new Map()
  const takeReport = (data: BypassMessage): void => {
    const report = awaitingReports.get(data.requestId)
    if (!report) return
    awaitingReports.delete(data.requestId)
    report(data.response === null ? undefined : deserializeResponse(data.response))
  }
  // A restarted worker has lost the page's link and asks the client, with a port for the reply: link again.
  const release = receiveWorkerMessages((data, port) => {
    if (data.type === 'mocklib:bypass') return takeReport(data)
    if (!port) return
    relink()
    respond(data.request, (reply, transfer) => port.postMessage(reply, transfer))
  })
  let stopped = false
  const newLink = (): MessagePort => {
    const channel = new MessageChannel()
    const own = channel.port1
    own.onmessage = (event: MessageEvent<LinkMessage>) => {
      const data = event.data
      if (data.type === 'mocklib:bypass') return takeReport(data)
      const id = data.request.id
      const send: ReplySender = (reply, transfer) => own.postMessage({ id, reply } satisfies LinkReply, transfer)
      // Sent before the worker saw `deactivate`: it reaches the network, as with no runtime at all.
      if (stopped) return send(PASSTHROUGH, [])
      respond(data.request, send)
    }
    return channel.port2
  }
  // Each activation hands the worker a new link (the old one retires).
  const activate = (target = worker): Promise<unknown> => {
    const link = newLink()
    return ask(target, { type: 'mocklib:activate', link }, [link])
  }
  let relinking = false
  const relink = (): void => {
    if (relinking) return
    relinking = true
    // The worker that asked is the one controlling the page now (an updated script may have taken over).
    void activate(navigator.serviceWorker.controller ?? worker).finally(() => (relinking = false))
  }

  function respond(serialized: SerializedRequest, send: ReplySender): void {
    const exchange = workerExchange(serialized, send, awaitingReports, reports)
    if (exchange) void sink(exchange)
  }

  const deactivate = (): void => worker.postMessage({ type: 'mocklib:deactivate' } satisfies PageMessage)
  const onPageShow = (event: PageTransitionEvent): void => {
    if (event.persisted) void activate()
  }
  addEventListener('pagehide', deactivate)
  addEventListener('pageshow', onPageShow)
  const keepalive = setInterval(() => worker.postMessage({ type: 'mocklib:ping' } satisfies PageMessage), KEEPALIVE_INTERVAL)
  await activate()

  return async () => {
    clearInterval(keepalive)
    removeEventListener('pagehide', deactivate)
    removeEventListener('pageshow', onPageShow)
    release()
    stopped = true
    for (const report of awaitingReports.values()) report(undefined)
    awaitingReports.clear()
    await ask(worker, { type: 'mocklib:deactivate' })
  }
}

function versionMismatchText(url: string, workerVersion: string): string {
  return message(
    `The Service Worker script at "${url}" comes from mocklib ${workerVersion}, but this page runs mocklib ${VERSION}.`,
    `Run \`${INIT}\` again (for example \`npx mocklib init public/\`) to copy the matching script, then reload the page.`,
  )
}

function notMocklibWorkerText(url: string): string {
  return message(
    `The Service Worker at "${url}" did not answer mocklib's handshake: it is not a mocklib worker script, or an outdated one.`,
    `Run \`${INIT}\` to copy the worker script to your public directory, and pass its URL as \`serviceWorker.url\`.`,
  )
}

function scopeText(url: string, scope: string): string {
  return message(
    `The Service Worker "${url}" has the scope "${scope}", which does not include this page (${location.href}), so it cannot intercept its requests.`,
    `Serve the worker script from the site root (\`${INIT}\` with the directory served at "/"), or widen its scope with the \`Service-Worker-Allowed\` header.`,
  )
}
