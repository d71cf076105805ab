import { PREFIX } from '../../kernel/index.js'

/**
 * msw's default `log()` of a handler: one collapsed console group per mocked
 * request, with the request, the handler and the response in it.
 *
 * @example
 * log(args) { return logHandled(this, `${args.request.method} ${args.request.url}`, args) }
 */
export async function logHandled(handler: object, what: string, args: { readonly request: Request; readonly response: Response }): Promise<void> {
  const { response } = args
  const time = new Date().toTimeString().slice(0, 8)
  const body = response.body === null ? null : await response.clone().text().catch(() => '[unreadable body]')
  console.groupCollapsed(`${PREFIX} ${time} ${what} (%c${response.status} ${response.statusText}%c)`, `color:${response.status >= 400 ? 'red' : 'inherit'}`, 'color:inherit')
  console.log('Request', args.request)
  console.log('Handler:', handler)
  console.log('Response', { status: response.status, statusText: response.statusText, headers: Object.fromEntries(response.headers), body })
  console.groupEnd()
}
