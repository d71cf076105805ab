import { message } from '../errors.js'
import type { BypassMessage, RequestMessage, RequestReply } from '../../worker-protocol/messages.js'

/** What the worker sends to a page. */
export type WorkerMessage = RequestMessage | BypassMessage

type Receiver = (data: WorkerMessage, port: MessagePort | undefined) => void

let receiver: Receiver | undefined
let listening = false

const PASSTHROUGH: RequestReply = { type: 'passthrough', report: false }

/**
 * The page's single listener for worker messages. The worker knows pages, not
 * runtimes, so one runtime at a time receives them; with none (after `stop()`,
 * for a request that was already on its way) the request passes through
 * instead of hanging. Returns the function that releases the page.
 */
export function receiveWorkerMessages(next: Receiver): () => void {
  if (receiver) throw new Error(message('Another mocklib worker already runs in this page.', 'Call stop() on it before start() on this one; one worker mocks a page at a time.'))
  receiver = next
  if (!listening) {
    listening = true
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent<WorkerMessage | null>) => {
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
