import { setCookiesOf, type MockingCore, type Resolution } from '../../kernel/index.js'
import { logMocked } from './console-log.js'
import { storeResponseCookies } from './page-cookies.js'

/**
 * Resolves one intercepted request with the page's handlers and does what a
 * browser would have done with a mocked answer: store its cookies and (unless
 * quiet) log it. Shared by the Service Worker and the in-page modes.
 */
export class RequestAnswerer {
  quiet = false

  constructor(readonly core: MockingCore) {}

  async answer(request: Request, requestId: string): Promise<Resolution> {
    const resolution = await this.core.resolve(request, requestId)
    if (resolution.kind !== 'mocked' || resolution.response.type === 'error') return resolution
    const { response } = resolution
    storeResponseCookies(request, setCookiesOf(response))
    if (!this.quiet) logMocked(request, response)
    return resolution
  }
}
