import { hasDefaultContentType } from '../response/http-response.js'

const GRAPHQL_RESPONSE_TYPE = 'application/graphql-response+json'

/** True when `Accept` ranks the GraphQL response type at least as high as `application/json` (by q, then order). */
function prefersGraphQLResponse(accept: string | null): boolean {
  if (accept === null || !accept.includes(GRAPHQL_RESPONSE_TYPE)) return false
  let graphql: { q: number; at: number } | undefined
  let json: { q: number; at: number } | undefined
  accept.split(',').forEach((part, at) => {
    const [type = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase())
    const qParam = params.find((param) => param.startsWith('q='))
    const q = qParam === undefined ? 1 : Number(qParam.slice(2))
    if (type === GRAPHQL_RESPONSE_TYPE) graphql ??= { q, at }
    else if (type === 'application/json') json ??= { q, at }
  })
  if (graphql === undefined || !(graphql.q > 0)) return false
  return json === undefined || graphql.q > json.q || (graphql.q === json.q && graphql.at < json.at)
}

/** Only when the resolver left the content type to `HttpResponse.json`'s default. */
export function negotiateContentType(request: Request, response: Response): Response {
  if (!hasDefaultContentType(response) || !prefersGraphQLResponse(request.headers.get('accept'))) return response
  response.headers.set('content-type', GRAPHQL_RESPONSE_TYPE)
  return response
}
