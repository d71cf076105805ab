import type { BypassMessage, LinkReply, RequestMessage, RequestReply } from '../worker-protocol/messages.js'

export interface PageLink {
  ask(message: RequestMessage, transfer: Transferable[]): Promise<RequestReply>
  post(message: BypassMessage, transfer: Transferable[]): void
  /** No new requests go out on this link; it closes once the waiting ones are answered. */
  retire(): void
}

/**
 * The MessagePort the page sent with `activate`: a request costs one message each way, with no client lookup
 * and no channel of its own. Closed once retired and idle (a reply on its way must land). Closures rather than a
 * class: the worker script targets ES2020, where private fields are compiled to helpers.
 */
export function pageLink(port: MessagePort): PageLink {
  const waiting = new Map<string, (reply: RequestReply) => void>()
  let retired = false
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
    ask: (message, transfer) =>
      new Promise((resolve) => {
        waiting.set(message.request.id, resolve)
        port.postMessage(message, transfer)
      }),
    post: (message, transfer) => port.postMessage(message, transfer),
    retire() {
      retired = true
      closeWhenIdle()
    },
  }
}
