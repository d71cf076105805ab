/**
 * The messages between a page running `setupWorker` and the mocklib Service
 * Worker. Both sides are built from this file, so they can only disagree when
 * the worker script on disk comes from another mocklib version: the `hello`
 * handshake compares `version` first thing.
 */

/** Prefix of every message type, so foreign messages are ignored. */
export const MESSAGE_PREFIX = 'mocklib:'

/** Bumped when the message shapes change; the package version is checked too. */
export const PROTOCOL = 3

/** A request as the worker sends it to the page. */
export interface SerializedRequest {
  readonly id: string
  readonly url: string
  readonly method: string
  readonly headers: Array<[string, string]>
  readonly body: ArrayBuffer | null
  readonly credentials: RequestCredentials
  readonly cache: RequestCache
  readonly redirect: RequestRedirect
  readonly referrer: string
  readonly referrerPolicy: ReferrerPolicy
  readonly integrity: string
  readonly keepalive: boolean
  readonly destination: RequestDestination
  readonly mode: RequestMode
}

/** A mocked response as the page sends it to the worker. */
export interface SerializedResponse {
  readonly status: number
  readonly statusText: string
  readonly headers: Array<[string, string]>
  /**
   * A string when the page's Response was built from one and is unread (cloned
   * in one go, no stream to set up); else a transferred stream where the
   * browser can transfer streams, else the bytes.
   */
  readonly body: string | ReadableStream<Uint8Array> | ArrayBuffer | null
}

/**
 * Page → worker, each with a MessagePort for the reply (`ask`), or none.
 * `activate` also carries the page's link: the port the worker sends this
 * page's requests on (see `LinkMessage`), which skips a client lookup and a
 * new channel per request.
 */
export type PageMessage =
  | { readonly type: 'mocklib:hello' }
  | { readonly type: 'mocklib:claim' }
  | { readonly type: 'mocklib:activate'; readonly link: MessagePort }
  | { readonly type: 'mocklib:deactivate' }
  | { readonly type: 'mocklib:ping' }

/** Worker → page replies to `PageMessage`s. */
export interface HelloReply {
  readonly type: 'mocklib:hello'
  readonly version: string
  readonly protocol: number
}

/** Worker → page: resolve this request (reply on the transferred port). */
export interface RequestMessage {
  readonly type: 'mocklib:request'
  readonly request: SerializedRequest
}

/**
 * Worker → page: what a request that went to the network got
 * (`response:bypass`, recording). Sent for every passthrough whose report the
 * page asked for, so the page never waits for one in vain: `response` is
 * `null` when the worker's fetch failed (the client's request failed too) or
 * its response is opaque (cross-origin `no-cors`), which no one can read.
 */
export interface BypassMessage {
  readonly type: 'mocklib:bypass'
  readonly requestId: string
  readonly response: SerializedResponse | null
}

/**
 * Worker → page on the page's link: a request to resolve or a passthrough's
 * real response. Without a link (the browser restarted the worker, which then
 * lost it), the worker posts `RequestMessage`s to the client with a port for
 * the reply, and the page sends a new link.
 */
export type LinkMessage = RequestMessage | BypassMessage

/** Page → worker on the link: the answer to the request with this `id`. */
export interface LinkReply {
  readonly id: string
  readonly reply: RequestReply
}

/** Page → worker: the answer to a `RequestMessage`. */
export type RequestReply =
  | { readonly type: 'mocked'; readonly response: SerializedResponse }
  /** `report`: send the real response back for `response:bypass` listeners. */
  | { readonly type: 'passthrough'; readonly report: boolean }
  | { readonly type: 'error'; readonly message: string }
