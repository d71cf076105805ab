import type { FinalizeFunction } from 'mocklib'
import { queryValues } from './query-values.js'
import type { ResponseFactory } from './typed-response.js'

/** What an `http.*` resolver receives, as far as a typed resolver needs it. */
export interface PlainResolverInfo {
  readonly request: Request
  readonly params: Record<string, string>
  readonly cookies: Record<string, string>
  readonly requestId: string
  readonly finalize: FinalizeFunction
}

/**
 * The info a typed resolver receives, made from an `http.*` resolver's: params
 * under the document's names, the query parsed on first read, and
 * `response(status)`. Shared by `openapi<paths>().get(...)` and
 * `openapi<paths>().mock.get(...).reply(resolver)`, so both read a request alike.
 *
 * @example
 * http.get('/teams/:enterprise_team', (info) => resolver(typedResolverInfo(info, renamed, answerFactory())))
 */
export function typedResolverInfo(info: PlainResolverInfo, renamed: ReadonlyMap<string, string>, response: ResponseFactory<Record<string | number, unknown>>) {
  return {
    get request() {
      return info.request
    },
    params: documentNames(info.params, renamed),
    get query() {
      return queryValues(new URL(info.request.url).searchParams)
    },
    get cookies() {
      return info.cookies
    },
    requestId: info.requestId,
    finalize: info.finalize,
    response,
  }
}

/** Params under the document's names (`{enterprise-team}` is matched as `:enterprise_team`). */
function documentNames(params: Record<string, string>, renamed: ReadonlyMap<string, string>): Record<string, string> {
  if (renamed.size === 0) return params
  const named: Record<string, string> = {}
  for (const [name, value] of Object.entries(params)) named[renamed.get(name) ?? name] = value
  return named
}
