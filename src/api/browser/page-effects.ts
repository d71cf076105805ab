import { setCookiesOf } from '../../dsl/response/set-cookies.js'
import { isPassthrough, type TrafficObserver } from '../../kernel/index.js'
import { logMocked } from './console-log.js'
import { storeResponseCookies } from './page-cookies.js'

/**
 * What a browser does with a mocked answer, done for the page's requests:
 * store its cookies in `document.cookie` and (unless quiet) log it. A runtime
 * observer, so the Service Worker and in-page sources share it.
 */
export function pageEffects(options: { quiet: boolean }): TrafficObserver {
  return {
    onHandled(context, _handler, response) {
      if (response.type === 'error' || isPassthrough(response)) return
      storeResponseCookies(context.request, setCookiesOf(response))
      if (!options.quiet) logMocked(context.request, response)
    },
  }
}
