// The adapter shape shared by msw 2 and msw 3, whose APIs the bench uses identically.
import { BODY, patternOf } from '../lib/measure.mjs'

/**
 * `api` holds the library's `http`, `HttpResponse`, `setupServer`, and `graphql`:
 * the object whose `query()` makes GraphQL handlers (msw 3 needs a `graphql.link`).
 */
export function mswShapedAdapter(label, { http, HttpResponse, setupServer, graphql }) {
  function createHandlers(count) {
    const handlers = new Array(count)
    for (let i = 0; i < count; i++) handlers[i] = http.get(patternOf(i), () => HttpResponse.json(BODY))
    return handlers
  }

  function start(handlers) {
    const server = setupServer(...handlers)
    server.listen({ onUnhandledRequest: 'error' })
    return { stop: () => server.close() }
  }

  return {
    label,
    createHandlers,
    createAndRegister: (count) => setupServer(...createHandlers(count)),
    mockFetch: (count) => start(createHandlers(count)),
    mockHttp: () => start(createHandlers(1)),
    /** `count` GraphQL query handlers; the last one answers `GetUser`. */
    mockGraphql(count) {
      const handlers = []
      for (let i = 0; i < count - 1; i++) handlers.push(graphql.query(`Other${i}`, () => HttpResponse.json({ data: { other: i } })))
      handlers.push(graphql.query('GetUser', ({ variables }) => HttpResponse.json({ data: { user: { id: variables.id } } })))
      return start(handlers)
    },
  }
}
