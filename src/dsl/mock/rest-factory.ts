import type { HttpPredicateInfo } from '../http/http-predicate.js'
import type { PathParams } from '../http/path-params.js'
import { MockBuilder } from './mock-builder.js'
import type { RestMockBuilder } from './rest-builder-types.js'
import { buildRestMock, restStart } from './rest-mock.js'

/**
 * Starts a REST mock for one method, e.g. `mock.get`. The predicate takes the
 * same forms as `http.*` (path with `:params`, absolute URL, `*`, RegExp,
 * function); params are inferred from a path literal. An invalid pattern
 * throws at once, naming it.
 *
 * @example
 * mock.get('/posts/:id').reply(({ params }) => HttpResponse.json({ id: params.id }))
 */
export interface RestMockFactory {
  <Path extends string>(path: Path): RestMockBuilder<PathParams<Path>>
  (predicate: RegExp | ((info: HttpPredicateInfo) => boolean)): RestMockBuilder<Record<string, string>>
}

/** @internal */
export function restMockFactory(method: string): RestMockFactory {
  return ((predicate: never) => {
    const start = restStart(method, predicate)
    return MockBuilder.start({ kind: 'rest', header: start.header, build: (steps, resolver) => buildRestMock(start, steps, resolver) })
  }) as unknown as RestMockFactory
}
