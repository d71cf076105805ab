import type { RequestContext } from './request-context.js'
import type { RequestSplitter } from './request-splitter.js'

/**
 * A family of handlers that index themselves the same way (REST by method and
 * static path prefix, GraphQL by operation name). The kernel never interprets
 * keys: it asks the channel which keys a request could match and looks them up.
 *
 * `requestKeys` returns `null` when no handler of this channel can match the
 * request at all (for example a request that is not GraphQL). It may be async
 * (GraphQL must read the body), and is only called when the handler list holds
 * a handler of this channel.
 */
export interface Channel {
  readonly name: string
  requestKeys(context: RequestContext): readonly string[] | null | Promise<readonly string[] | null>
  /** Cuts requests that carry several requests (batches) into parts; see `RequestSplitter`. */
  readonly splitter?: RequestSplitter
}

/** The key a handler registers under; `key` must be one the channel can produce. */
export interface IndexKey {
  readonly channel: Channel
  readonly key: string
}
