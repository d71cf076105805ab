import { PROTOCOL, type HelloReply, type PageMessage, type RequestReply, type SerializedRequest } from '../../worker-protocol/messages.js'
import { VERSION } from '../../worker-protocol/version.js'
import type { ExchangeSink, HttpExchange } from '../contracts.js'
import { bypassMarkOf } from '../passthrough.js'
import { receiveWorkerMessages } from './page-dispatcher.js'
import { deserializeRequest, deserializeResponse, serializeResponse } from './serialize.js'

const HANDSHAKE_TIMEOUT = 5_000
const KEEPALIVE_INTERVAL = 10_000

/** The texts of start()'s failures, loaded only when one happens. */
const texts = (): Promise<typeof import('./worker-messages.js')> => import('./worker-messages.js')

/** A live link between this page and the mocklib worker. */
export interface WorkerConnection {
  readonly registration: ServiceWorkerRegistration
  /** Deactivates mocking for this page; its requests reach the network again. */
  stop(): Promise<void>
}

/** Sends a message to the worker and waits for its reply on a MessageChannel. */
function ask<Reply>(worker: ServiceWorker, message: PageMessage, timeout: number): Promise<Reply | undefined> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const timer = setTimeout(() => resolve(undefined), timeout)
    channel.port1.onmessage = (event: MessageEvent<Reply>) => {
      clearTimeout(timer)
      channel.port1.close()
      resolve(event.data)
    }
    worker.postMessage(message, [channel.port2])
  })
}

/** The registration's worker once activated (an installing update is waited for). */
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

/** Makes `worker` control this page (it may not after a hard reload). */
async function ensureControl(worker: ServiceWorker, registration: ServiceWorkerRegistration, url: string): Promise<void> {
  const container = navigator.serviceWorker
  if (container.controller === worker) return
  if (!location.href.startsWith(registration.scope)) throw new Error((await texts()).scopeText(url, registration.scope))
  const controlled = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), HANDSHAKE_TIMEOUT)
    container.addEventListener('controllerchange', function onChange() {
      if (container.controller !== worker) return
      clearTimeout(timer)
      container.removeEventListener('controllerchange', onChange)
      resolve(true)
    })
  })
  await ask(worker, { type: 'mocklib:claim' }, HANDSHAKE_TIMEOUT)
  if (container.controller !== worker && !(await controlled)) throw new Error((await texts()).scopeText(url, registration.scope))
}

/**
 * The Service Worker source. Checks that the registered script is this
 * mocklib version's worker, makes it control the page, and activates mocking
 * for this page: from then on the worker sends each request of this page here
 * and it reaches `sink` as an exchange. Rejects with a message that says what
 * to do on a version mismatch.
 */
export async function connectWorker(registration: ServiceWorkerRegistration, url: string, sink: ExchangeSink): Promise<WorkerConnection> {
  const worker = await activatedWorker(registration)
  if (!worker) throw new Error((await texts()).notMocklibWorkerText(url))
  const hello = await ask<HelloReply>(worker, { type: 'mocklib:hello' }, HANDSHAKE_TIMEOUT)
  if (hello?.type !== 'mocklib:hello') throw new Error((await texts()).notMocklibWorkerText(url))
  if (hello.version !== VERSION || hello.protocol !== PROTOCOL) throw new Error((await texts()).versionMismatchText(url, hello.version, VERSION))
  await ensureControl(worker, registration, url)

  // Passthroughs whose real response the worker reports back (for events and recording).
  const awaitingReports = new Map<string, (response: Response | undefined) => void>()
  const release = receiveWorkerMessages((data, port) => {
    if (data.type === 'mocklib:request') {
      if (port) respond(data.request, port)
      return
    }
    const report = awaitingReports.get(data.requestId)
    if (!report) return
    awaitingReports.delete(data.requestId)
    report(deserializeResponse(data.response))
  })

  function respond(serialized: SerializedRequest, port: MessagePort): void {
    let replied = false
    const reply = (message: RequestReply, transfer: Transferable[] = []) => {
      if (replied) return
      replied = true
      port.postMessage(message, transfer)
    }
    let request: Request
    try {
      request = deserializeRequest(serialized)
    } catch (error) {
      console.error('[mocklib] Could not read an intercepted request; it fails as a network error.', error)
      return reply({ type: 'error', message: String(error) })
    }
    const exchange: HttpExchange = {
      kind: 'http',
      id: serialized.id,
      request,
      bypassed: bypassMarkOf(request) === 'bypass',
      respondWith(response) {
        if (response.type === 'error') return reply({ type: 'error', message: 'Network error' })
        serializeResponse(response).then(
          (serializedResponse) => reply({ type: 'mocked', response: serializedResponse.response }, serializedResponse.transfer),
          (error: unknown) => reply({ type: 'error', message: String(error) }),
        )
      },
      errorWith(error) {
        reply({ type: 'error', message: error.message })
      },
      passthrough(report) {
        if (!report) {
          reply({ type: 'passthrough', report: false })
          return Promise.resolve(undefined)
        }
        return new Promise((resolve) => {
          awaitingReports.set(serialized.id, resolve)
          reply({ type: 'passthrough', report: true })
        })
      },
    }
    void sink(exchange)
  }

  const activate = (): void => worker.postMessage({ type: 'mocklib:activate' } satisfies PageMessage)
  const deactivate = (): void => worker.postMessage({ type: 'mocklib:deactivate' } satisfies PageMessage)
  const onPageShow = (event: PageTransitionEvent): void => {
    if (event.persisted) activate()
  }
  addEventListener('pagehide', deactivate)
  addEventListener('pageshow', onPageShow)
  const keepalive = setInterval(() => worker.postMessage({ type: 'mocklib:ping' } satisfies PageMessage), KEEPALIVE_INTERVAL)
  await ask(worker, { type: 'mocklib:activate' }, HANDSHAKE_TIMEOUT)

  return {
    registration,
    async stop() {
      clearInterval(keepalive)
      removeEventListener('pagehide', deactivate)
      removeEventListener('pageshow', onPageShow)
      release()
      for (const report of awaitingReports.values()) report(undefined)
      awaitingReports.clear()
      await ask(worker, { type: 'mocklib:deactivate' }, HANDSHAKE_TIMEOUT)
    },
  }
}
