// Both sides are built from this file: they can only disagree when the worker script on disk comes from another
// mocklib version, which the `hello` handshake checks first thing.

export const MESSAGE_PREFIX = 'mocklib:'

/** Bumped when the message shapes change. */
export const PROTOCOL = 3

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
  readonly keepalive: boolean
  readonly mode: RequestMode
}

export interface SerializedResponse {
  readonly status: number
  readonly statusText: string
  readonly headers: Array<[string, string]>
  /** A string when the Response was built from one and is unread: no stream to set up. */
  readonly body: string | ReadableStream<Uint8Array> | ArrayBuffer | null
}

/** Page → worker, each with a MessagePort for the reply; `activate` also carries the page's link (see `LinkMessage`). */
export type PageMessage =
  | { readonly type: 'mocklib:hello' }
  | { readonly type: 'mocklib:claim' }
  | { readonly type: 'mocklib:activate'; readonly link: MessagePort }
  | { readonly type: 'mocklib:deactivate' }
  | { readonly type: 'mocklib:ping' }

export interface HelloReply {
  readonly type: 'mocklib:hello'
  readonly version: string
  readonly protocol: number
}

export interface RequestMessage {
  readonly type: 'mocklib:request'
  readonly request: SerializedRequest
}

/** What a passthrough got, for every report the page asked for; `null`: the fetch failed, or the response is opaque. */
export interface BypassMessage {
  readonly type: 'mocklib:bypass'
  readonly requestId: string
  readonly response: SerializedResponse | null
}

/** On the page's link; a restarted worker, which has none, posts them to the client, and the page links again. */
export type LinkMessage = RequestMessage | BypassMessage

export interface LinkReply {
  readonly id: string
  readonly reply: RequestReply
}

export type RequestReply =
  | { readonly type: 'mocked'; readonly response: SerializedResponse }
  | { readonly type: 'passthrough'; readonly report: boolean }
  | { readonly type: 'error'; readonly message: string }
