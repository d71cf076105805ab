import { setCookiesOf } from '../../dsl/response/cookie-jar.js'
import { isPassthrough } from '../../kernel/index.js'
import { logMocked } from './console-log.js'
import { storeResponseCookies } from './page-cookies.js'

/**
 * What a browser does with a mocked answer, done for the page's requests:
 * store its cookies in `document.cookie` and (unless `quiet`) log it. Called
 * by a runtime observer, so the Service Worker and in-page sources share it.
 *
 * @example
 * runtime.observers.add({ onHandled: (context, _handler, response) => applyPageEffects(context.request, response, false) })
 */
export function applyPageEffects(request: Request, response: Response, quiet: boolean): void {
  if (response.type === 'error' || isPassthrough(response)) return
  storeResponseCookies(request, setCookiesOf(response))
  if (!quiet) logMocked(request, response)
}
