import { createResponseMark } from './response-mark.js'

const passthroughResponses = createResponseMark()

/** Marks a Response as "send the request to the network instead". @internal */
export const markPassthrough = passthroughResponses.mark

/** True for a Response made by `passthrough()`. @internal */
export const isPassthrough = passthroughResponses.has

/**
 * The header `bypass()` puts on a request so that no handler sees it. Adapters
 * remove it before the request reaches the network.
 * @internal
 */
export const BYPASS_HEADER = 'x-mocklib-bypass'

/**
 * The value of `BYPASS_HEADER` on a request the fetch fast path sends to the
 * network itself (a passthrough): the socket layer lets it go and leaves its
 * `response:bypass` event to the fast path, which already reported the request.
 * @internal
 */
export const OWN_CALL = 'own'
