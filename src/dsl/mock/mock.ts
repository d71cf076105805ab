import { graphQLMockFactory, type GraphQLMockFactory } from './graphql-builder.js'
import { restMockFactory, type RestMockFactory } from './rest-builder.js'
import { mockWebSocketLink, type WebSocketLinkFactory } from '../ws/index.js'

/**
 * The fluent mock builder: a predicate, matching steps (`.query()`, `.headers()`, `.cookies()`, `.body()`,
 * GraphQL `.variables()`), one answer (`.reply()`, `.replyWith()`, `.networkError()`, `.passthrough()`), then
 * modifiers (`.times(n)`, `.once()`, `.persist()`, `.delay(ms)`). It builds a request handler that keeps its calls
 * (`calls`, `callCount`, `isDone()`) for `server.assertDone()`.
 *
 * @example
 * import { mock } from 'mocklib'
 * const createPost = mock
 *   .post('https://api.test/posts/:id')
 *   .headers({ authorization: /^Bearer / })
 *   .body<{ title: string }>({ title: 'Hello' })
 *   .reply<{ id: string; title: string }>(201, { id: '1', title: 'Hello' })
 *   .once()
 * server.use(createPost, mock.query('ListPosts').reply({ data: { posts: [] } }))
 */
export const mock: {
  readonly all: RestMockFactory
  readonly get: RestMockFactory
  readonly post: RestMockFactory
  readonly put: RestMockFactory
  readonly patch: RestMockFactory
  readonly delete: RestMockFactory
  readonly head: RestMockFactory
  readonly options: RestMockFactory
  readonly query: GraphQLMockFactory
  readonly mutation: GraphQLMockFactory
  /** A `ws.link` whose handlers `assertDone()` expects connections for (see `mockWebSocketLink`). */
  readonly ws: WebSocketLinkFactory
} = {
  // Pure calls: a bundler drops the mock builder when an application does not use it, even from a shared chunk.
  all: /* @__PURE__ */ restMockFactory('*'),
  get: /* @__PURE__ */ restMockFactory('GET'),
  post: /* @__PURE__ */ restMockFactory('POST'),
  put: /* @__PURE__ */ restMockFactory('PUT'),
  patch: /* @__PURE__ */ restMockFactory('PATCH'),
  delete: /* @__PURE__ */ restMockFactory('DELETE'),
  head: /* @__PURE__ */ restMockFactory('HEAD'),
  options: /* @__PURE__ */ restMockFactory('OPTIONS'),
  query: /* @__PURE__ */ graphQLMockFactory('query'),
  mutation: /* @__PURE__ */ graphQLMockFactory('mutation'),
  ws: mockWebSocketLink,
}
