const defaulted = new WeakSet<Response>()

/** Records that `response` got its content type from a helper's default, not from the resolver. @internal */
export function markDefaultContentType<R extends Response>(response: R): R {
  defaulted.add(response)
  return response
}

/**
 * True when the content type of `response` is a helper's default (such as
 * `application/json` from `HttpResponse.json(body)` without a content-type
 * header), so a layer may refine it (GraphQL answers
 * `application/graphql-response+json` to clients that prefer it).
 */
export function hasDefaultContentType(response: Response): boolean {
  return defaulted.has(response)
}
