import type { BypassMessage, LinkReply, RequestMessage, RequestReply } from '../worker-protocol/messages.js'

/**
 * One page's link: the MessagePort the page sent with `activate`. Requests go
 * out on it tagged with their id and the page replies on it, so a request
 * costs one message each way: no client lookup, no channel of its own.
 * A link is retired when its page deactivates or sends a newer one, and
 * closed once no request waits on it (a reply already on its way must land).
 *
 * @example
 * const link = new PageLink(event.data.link)
 * const reply = await link.ask({ type: 'mocklib:request', request }, [])
 */
export class PageLink {
  readonly #waiting = new Map<string, (reply: RequestReply) => void>()
  #retired = false

  constructor(private readonly port: MessagePort) {
    port.onmessage = (event: MessageEvent<LinkReply>) => {
      const settle = this.#waiting.get(event.data.id)
      if (settle === undefined) return
      this.#waiting.delete(event.data.id)
      settle(event.data.reply)
      this.#closeWhenIdle()
    }
  }

  /** Sends `message` to the page; resolves with the page's reply to it. */
  ask(message: RequestMessage, transfer: Transferable[]): Promise<RequestReply> {
    return new Promise((resolve) => {
      this.#waiting.set(message.request.id, resolve)
      this.port.postMessage(message, transfer)
    })
  }

  /** Sends a message that needs no reply. */
  post(message: BypassMessage, transfer: Transferable[]): void {
    this.port.postMessage(message, transfer)
  }

  /** No new requests go out on this link; it closes once the waiting ones are answered. */
  retire(): void {
    this.#retired = true
    this.#closeWhenIdle()
  }

  #closeWhenIdle(): void {
    if (this.#retired && this.#waiting.size === 0) this.port.close()
  }
}
