// A static import, so that bundlers (Next.js/Turbopack, webpack, esbuild) see the
// dependency; a `createRequire` call hid it and failed with "Cannot find module
// '@mswjs/interceptors/http'" once bundled. It is reached through the `import()`
// of the socket layer (socket-layer-on-demand.ts), which bundlers follow too, so
// neither `import 'mocklib'` nor `listen()` loads it.
import { HttpRequestInterceptor } from '@mswjs/interceptors/http'

/**
 * The @mswjs/interceptors class that patches Node's sockets (used by `listen()`).
 *
 * @example
 * const interceptor = new (loadHttpRequestInterceptor())()
 * interceptor.apply()
 */
export function loadHttpRequestInterceptor(): typeof HttpRequestInterceptor {
  return HttpRequestInterceptor
}
