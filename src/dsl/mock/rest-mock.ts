import type { RequestContext } from '../../kernel/index.js'
import { HttpHandler } from '../http/http-handler.js'
import { checkPredicate, compileHandlerPredicate, type CompiledAsyncPredicate, type HttpPredicate } from '../http/http-predicate.js'
import { formatValue } from './format-value.js'
import type { MockStart } from './mock-builder.js'
import { mockCall, MockHandler, type MockCall, type MockTarget, type TimesCount } from './mock-handler.js'
import type { LimitGuard, LimitState, MisuseGuards } from './misuse-guards.js'
import type { MockResolver, MockStep } from './step-table.js'

/**
 * A REST mock, built by `mock.get(...)…reply(...)`: an `http.*` handler with the builder's steps. No member carries
 * `ResponseBody` (as in msw's handlers), so that an array of mocks with different bodies costs the compiler nothing.
 *
 * @example
 * const created = mock.post('https://api.test/posts').body({ title: 'Hello' }).reply(201, { id: '1' })
 * server.use(created)
 * created.calls[0]?.body // { title: 'Hello' }, once requested
 */
export class RestMock<Params = Record<string, string>, RequestBodyType = unknown, ResponseBody = any, Limited extends boolean = boolean> extends MockHandler<MockCall<Params, RequestBodyType>> {
  /** Which builder made it (a literal lets the compiler tell the two kinds apart without comparing members). */
  readonly protocol: 'rest' = 'rest'
}

/** The builder methods a built REST mock refuses, and its typed limit modifiers. */
export interface RestMock<Params, RequestBodyType, ResponseBody, Limited extends boolean> extends MisuseGuards<'rest'>, LimitState<Limited> {
  /**
   * Answer exactly `count` requests, then let later requests reach the next handler.
   * @example mock.get('/posts').reply(200, []).times(2)
   */
  times<Count extends number>(this: LimitGuard<Limited>, count: TimesCount<Count>): RestMock<Params, RequestBodyType, ResponseBody, true>
  /**
   * Answer one request only: `times(1)`.
   * @example mock.post('/login').reply(200).once()
   */
  once(this: LimitGuard<Limited>): RestMock<Params, RequestBodyType, ResponseBody, true>
  /**
   * Answer any number of requests (the default; states it explicitly).
   * @example mock.get('/config').reply(200, {}).persist()
   */
  persist(this: LimitGuard<Limited>): RestMock<Params, RequestBodyType, ResponseBody, true>
}

/** Where `mock.<method>(predicate)` starts: the predicate is checked at once (throws like `http.*`). */
export function restMockStart(method: string, predicate: HttpPredicate): MockStart {
  const call = `mock.${method === '*' ? 'all' : method.toLowerCase()}()`
  checkPredicate(predicate, call)
  const target = typeof predicate === 'string' ? predicate : predicate instanceof RegExp ? String(predicate) : formatValue(predicate)
  const header = `${method === '*' ? 'ALL' : method} ${target}`
  return {
    kind: 'rest',
    header,
    Mock: RestMock,
    target: (resolver) => restTarget(method, predicate, header, call, resolver),
  }
}

function restTarget(method: string, predicate: HttpPredicate, header: string, call: string, resolver: MockResolver): MockTarget<Record<string, string>, MockCall> {
  const pattern = header.slice(header.indexOf(' ') + 1)
  let compiled: CompiledAsyncPredicate | undefined
  // Compiled for diagnostics only, on first use: matching goes through the http.* handler.
  const params = (context: RequestContext) => {
    compiled ??= compileHandlerPredicate(predicate, call, true)
    return context.memo(compiled, (inner) => compiled!.match(inner))
  }
  const pathStep: MockStep = {
    name: 'path',
    description: '',
    check(context) {
      const found = params(context)
      // An async predicate cannot be replayed synchronously: diagnostics let it pass.
      if (found instanceof Promise) return void found.catch(() => undefined)
      return found === undefined ? `${context.url.href} does not match ${pattern}` : undefined
    },
  }
  const methodStep: MockStep = {
    name: 'method',
    description: '',
    check: (context) => (method === '*' || context.method === method ? undefined : `is ${context.method}, expected ${method}`),
  }
  return {
    handler: new HttpHandler(method, predicate, resolver),
    header,
    // Path before method: for diagnostics, "same URL, other method" is nearer than "same method, other URL".
    baseSteps: [pathStep, methodStep],
    toCall: mockCall,
    similarity(context) {
      const url = context.request.url
      const limit = Math.min(url.length, pattern.length)
      let shared = 0
      while (shared < limit && url.charCodeAt(shared) === pattern.charCodeAt(shared)) shared++
      return shared
    },
  }
}
