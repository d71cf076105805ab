// The XMLHttpRequest interceptor is needed only in a DOM test environment
// (jsdom, happy-dom), yet a static import made every `import 'mocklib/node'` pay
// for its module graph. It is loaded here on first use instead, and synchronously,
// because `listen()` patches before it returns.
import type { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest/web'

type InterceptorClass = typeof XMLHttpRequestInterceptor

// The CommonJS build defines it as `true` (tsup.config.ts): there the package is
// bundled, and esbuild turns the `require` below into a synchronous call into the
// bundle. Elsewhere (the ES module build, sources run by Vitest) it is undefined.
declare const __MOCKLIB_CJS__: boolean | undefined
declare const require: (id: string) => { XMLHttpRequestInterceptor: InterceptorClass }

let loaded: InterceptorClass | undefined

/**
 * The @mswjs/interceptors class that patches `globalThis.XMLHttpRequest`,
 * loaded on the first call. Node (22.12+) loads an ES module synchronously
 * through `require`; where that cannot find the package (mocklib bundled
 * without its node_modules), the result is a promise of the class, through a
 * plain `import()` that bundlers follow.
 *
 * @example
 * const loaded = loadXhrInterceptor()
 * const Interceptor = typeof loaded === 'function' ? loaded : await loaded
 */
export function loadXhrInterceptor(): InterceptorClass | Promise<InterceptorClass> {
  if (loaded) return loaded
  if (typeof __MOCKLIB_CJS__ === 'boolean' && __MOCKLIB_CJS__) {
    loaded = require('@mswjs/interceptors/XMLHttpRequest/web').XMLHttpRequestInterceptor
    return loaded
  }
  const nodeModule = globalThis.process?.getBuiltinModule?.('node:module')
  try {
    if (nodeModule && import.meta.url.startsWith('file:')) {
      const nodeRequire = nodeModule.createRequire(import.meta.url) as typeof require
      loaded = nodeRequire('@mswjs/interceptors/XMLHttpRequest/web').XMLHttpRequestInterceptor
      return loaded
    }
  } catch {
    // Bundled: the package is not next to this file; the bundle carries it for the import() below.
  }
  return import('@mswjs/interceptors/XMLHttpRequest/web').then((module) => (loaded = module.XMLHttpRequestInterceptor))
}
