import { createResponseMark } from '../../kernel/index.js'

const defaulted = /* @__PURE__ */ createResponseMark()

/** Records that a response got its content type from a helper's default, not from the resolver. @internal */
export const markDefaultContentType = defaulted.mark

/**
 * True when the content type of a response is a helper's default (such as
 * `application/json` from `HttpResponse.json(body)` without a content-type
 * header), so a layer may refine it (GraphQL answers
 * `application/graphql-response+json` to clients that prefer it).
 */
export const hasDefaultContentType = defaulted.has
