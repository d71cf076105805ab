import type { RequestOptions } from 'node:http'
import { syncBuiltinESMExports } from 'node:module'
import { BYPASS_HEADER, ownCall } from '../passthrough.js'

type RequestFunction = (...args: unknown[]) => unknown

/**
 * Under Node, the ClientRequest layer's passthrough carries mocklib's
 * `ownCall()` header down to the socket layer, which removes it before the
 * wire. Bun and Deno have no socket layer under `node:http`, so this wraps
 * `http.request`/`https.request` (the functions the ClientRequest layer then
 * takes as the real ones) to remove that header from the requests it sends.
 * Any other value of the header is the application's and is left alone.
 * Returns the function that puts both back.
 *
 * @example
 * const restoreRequests = removeOwnCallHeader()
 * const restoreClientRequests = patchClientRequests(sink) // its passthroughs now leave no header behind
 */
export function removeOwnCallHeader(): () => void {
  const restores = [wrap(process.getBuiltinModule('node:http')), wrap(process.getBuiltinModule('node:https'))]
  syncBuiltinESMExports()
  return () => {
    for (const restore of restores) restore()
    syncBuiltinESMExports()
  }
}

function wrap(module: typeof import('node:http') | typeof import('node:https')): () => void {
  const real = module.request as unknown as RequestFunction
  const wrapped: RequestFunction = (...args) => real(...args.map(withoutOwnCall))
  module.request = wrapped as unknown as typeof module.request
  return () => {
    if (module.request === (wrapped as unknown)) module.request = real as unknown as typeof module.request
  }
}

/** The options argument without the `ownCall()` header; every other argument as given. */
function withoutOwnCall(argument: unknown): unknown {
  if (typeof argument !== 'object' || argument === null || argument instanceof URL) return argument
  const headers = (argument as RequestOptions).headers
  if (headers === undefined || Array.isArray(headers)) return argument
  const record = headers as Record<string, unknown>
  if (record[BYPASS_HEADER] !== ownCall()) return argument
  const { [BYPASS_HEADER]: _own, ...kept } = record
  return { ...argument, headers: kept }
}
