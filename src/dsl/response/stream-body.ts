import { createResponseMark } from '../../kernel/index.js'

const streamed = /* @__PURE__ */ createResponseMark()

/** Records that an `HttpResponse` was given a ReadableStream body (its size is unknown). @internal */
export const markStreamBody = streamed.mark

/**
 * True when an `HttpResponse` was built with a ReadableStream body: the
 * resolver runner then runs `finalize` cleanups once the stream settles
 * instead of before the response is sent (a cleanup may stop what feeds it).
 *
 * @example
 * hasStreamBody(new HttpResponse(new ReadableStream())) // true
 * hasStreamBody(HttpResponse.text('done')) // false
 */
export const hasStreamBody = streamed.has
