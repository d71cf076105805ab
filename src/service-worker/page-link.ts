import type { BypassMessage, LinkReply, RequestMessage, RequestReply } from '../worker-protocol/messages.js'

/** One page's link, as the worker uses it. */
export interface PageLink {
  /** Sends `message` to the page; resolves with the page's reply to it. */
  ask(message: RequestMessage, transfer: Transferable[]): Promise<RequestReply>
  /** Sends a message that needs no reply. */
  post(message: BypassMessage, transfer: Transferable[]): void
  /** No new requests go out on this link; it closes once the waiting ones are answered. */
  retire(): void
}

/**
 * One page's link: the MessagePort the page sent with `activate`. Requests go
 * out on it tagged with their id and the page replies on it, so a request
 * costs one message each way: no client lookup, no channel of its own.
 * A link is retired when its page deactivates or sends a newer one, and
 * closed once no request waits on it (a reply already on its way must land).
 * Closures rather than a class: the worker script targets ES2020, where
 * private fields are compiled to helpers.
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
