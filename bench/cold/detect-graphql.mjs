// Preloaded (`--import`) in a separate, untimed run: records whether any module
// of the `graphql` package gets loaded.
import { registerHooks } from 'node:module'
registerHooks({
  load(url, context, nextLoad) {
    if (/[\\/]node_modules[\\/]graphql[\\/]/.test(url)) globalThis.__graphqlLoaded = true
    return nextLoad(url, context)
  },
})
