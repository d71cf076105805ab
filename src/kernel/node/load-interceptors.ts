import { createRequire } from 'node:module'
import type { HttpRequestInterceptor } from '@mswjs/interceptors/http'

type InterceptorsHttp = typeof import('@mswjs/interceptors/http')

let loaded: typeof HttpRequestInterceptor | undefined

/**
 * Loads @mswjs/interceptors' socket layer on first `listen()`, synchronously
 * (`require` of an ES module, Node >= 22.12), so that importing mocklib does
 * not pay for it: a cold start that only defines handlers stays cheap.
 */
export function loadHttpRequestInterceptor(): typeof HttpRequestInterceptor {
  if (loaded) return loaded
  // The CommonJS build has `__filename`; the ES module build has `import.meta.url`.
  const require = createRequire(typeof __filename === 'string' ? __filename : import.meta.url)
  loaded = (require('@mswjs/interceptors/http') as InterceptorsHttp).HttpRequestInterceptor
  return loaded
}
