import type { BypassMessage, LinkReply, RequestMessage, RequestReply } from '../worker-protocol/messages.js'

/**
 * The port the page sent with `activate`: one message each way a request, no client lookup, no channel of its own.
 * Closures rather than a class: the worker script targets ES2020, where private fields compile to helpers.
 */
export function pageLink(port: MessagePort) {
  const waiting = new Map<string, (reply: RequestReply) => void>()
  let retired = false
  // A reply on its way must land before the port closes.
  const closeWhenIdle = (): void => {
    if (retired && waiting.size === 0) port.close()
  }
  port.onmessage = (event: MessageEvent<LinkReply>) => {
    const settle = waiting.get(event.data.id)
    if (settle === undefined) return
    waiting.delete(event.data.id)
    settle(event.data.reply)
    closeWhenIdle()
  }
  return {
    ask: (message: RequestMessage, transfer: Transferable[]) =>
      new Promise<RequestReply>((resolve) => {
        waiting.set(message.request.id, resolve)
        port.postMessage(message, transfer)
      }),
    post: (message: BypassMessage, transfer: Transferable[]) => port.postMessage(message, transfer),
    /** No new requests go out on this link. */
    retire() {
      retired = true
      closeWhenIdle()
    },
  }
}
