/**
 * The path grammar, one row per pattern: what a request URL gives as params at
 * runtime (test/integration/path-grammar.test.ts, through setupServer and a
 * real fetch) and what `PathParams` types (type-tests/path-grammar.test-d.ts).
 * Every row is asserted at both levels: `params` are the runtime values, and
 * their keys (minus `optional` ones absent from the URL) are the typed keys.
 */
export interface AcceptedRow {
  readonly pattern: string
  readonly url: string
  /** The params the request gets; keys listed in `optional` are typed optional. */
  readonly params: Readonly<Record<string, string>>
  readonly optional?: readonly string[]
}

/** A pattern refused at handler creation (`[mocklib]` error) and by the types (`PathCheck` is a `MockTypeError`). */
export interface RefusedRow {
  readonly pattern: string
  readonly refused: RegExp
}

export const acceptedPaths = [
  { pattern: '/posts/:id', url: 'https://grammar.test/posts/1', params: { id: '1' } },
  { pattern: '/pkg/:name@:version', url: 'https://grammar.test/pkg/left-pad@1.3.0', params: { name: 'left-pad', version: '1.3.0' } },
  { pattern: '/p/:a+:b', url: 'https://grammar.test/p/x+y', params: { a: 'x', b: 'y' } },
  { pattern: '/p/:a;:b', url: 'https://grammar.test/p/x;y', params: { a: 'x', b: 'y' } },
  { pattern: '/p/:a~:b,:c', url: 'https://grammar.test/p/x~y,z', params: { a: 'x', b: 'y', c: 'z' } },
  { pattern: '/posts/:id#top', url: 'https://grammar.test/posts/7', params: { id: '7' } },
  { pattern: '/search?q=:q', url: 'https://grammar.test/search?q=shoes', params: {} },
  { pattern: '/files/*', url: 'https://grammar.test/files/a/b.txt', params: { '0': 'a/b.txt' } },
  { pattern: '/a/*/b/*', url: 'https://grammar.test/a/x/b/y/z', params: { '0': 'x', '1': 'y/z' } },
  { pattern: '/files/:name.:ext', url: 'https://grammar.test/files/archive.tar.gz', params: { name: 'archive', ext: 'tar.gz' } },
  { pattern: '/reports/:year.json', url: 'https://grammar.test/reports/2024.json', params: { year: '2024' } },
  { pattern: '/users/:user_id2/posts/:postId?', url: 'https://grammar.test/users/u1/posts', params: { user_id2: 'u1' }, optional: ['postId'] },
  { pattern: '/users/:userId/posts/:postId?', url: 'https://grammar.test/users/u1/posts/p2', params: { userId: 'u1', postId: 'p2' }, optional: ['postId'] },
  { pattern: '/:a-:b-:c', url: 'https://grammar.test/1-2-3-4', params: { a: '1', b: '2', c: '3-4' } },
  { pattern: '/v:version/items', url: 'https://grammar.test/v2/items', params: { version: '2' } },
  { pattern: '/items/:__proto__', url: 'https://grammar.test/items/x', params: { ['__proto__']: 'x' } },
  { pattern: '/café/:id', url: 'https://grammar.test/caf%C3%A9/%20x', params: { id: ' x' } },
  { pattern: 'https://:tenant.grammar.test/api/:id', url: 'https://acme.grammar.test/api/9', params: { tenant: 'acme', id: '9' } },
  { pattern: 'https://*.grammar.test/files/*', url: 'https://cdn.grammar.test/files/a.png', params: { '0': 'a.png' } },
  { pattern: 'https://grammar.test:*/x/:id', url: 'https://grammar.test:8443/x/5', params: { id: '5' } },
  { pattern: '*/deep/:id', url: 'https://grammar.test/any/prefix/deep/3', params: { id: '3' } },
  { pattern: '*', url: 'https://grammar.test/anything', params: {} },
  // Inline patterns (path-to-regexp's `:name(…)`, the safe subset): a URL the pattern refuses is in `unmatchedPaths`.
  { pattern: '/p/:id(\\d+)', url: 'https://grammar.test/p/123', params: { id: '123' } },
  { pattern: '/p/:a-:b(\\d+)', url: 'https://grammar.test/p/x-y-1', params: { a: 'x-y', b: '1' } },
  { pattern: '/y/:year(\\d{4})/:slug([a-z0-9-]+)', url: 'https://grammar.test/y/2024/Hello-World-2', params: { year: '2024', slug: 'Hello-World-2' } },
  { pattern: '/r/:name.:format(json|xml)', url: 'https://grammar.test/r/a.b.xml', params: { name: 'a.b', format: 'xml' } },
  { pattern: '/q/:id(\\d+)?', url: 'https://grammar.test/q', params: {}, optional: ['id'] },
  { pattern: '/s/:code(\\w?)/x', url: 'https://grammar.test/s/a/x', params: { code: 'a' } },
  { pattern: '/n/:id([^.]+).json', url: 'https://grammar.test/n/a-b.json', params: { id: 'a-b' } },
] as const satisfies readonly AcceptedRow[]

/** An accepted pattern and a URL it must not match (an inline pattern refuses the param's text). */
export interface UnmatchedRow {
  readonly pattern: string
  readonly url: string
}

export const unmatchedPaths = [
  { pattern: '/p/:id(\\d+)', url: 'https://grammar.test/p/12a' },
  { pattern: '/p/:id(\\d+)', url: 'https://grammar.test/p/1/2' },
  { pattern: '/y/:year(\\d{4})', url: 'https://grammar.test/y/202' },
  { pattern: '/r/:name.:format(json|xml)', url: 'https://grammar.test/r/a.txt' },
  { pattern: '/n/:id([^.]+).json', url: 'https://grammar.test/n/a.b.json' },
] as const satisfies readonly UnmatchedRow[]

export const refusedPaths = [
  { pattern: '/p/:id(.*)', refused: /inline pattern "\(\.\*\)", which mocklib does not accept \(for any text use a "\*" wildcard\)/ },
  { pattern: '/p/:id((a|b))', refused: /does not accept \(a group inside the group\)/ },
  { pattern: '/p/:id(\\d+', refused: /the group is not closed/ },
  { pattern: '/p/:id(a.b|c)', refused: /not one of the accepted shapes.*Accepted: one character class/ },
  { pattern: '/p/:id(\\d+-\\d+)', refused: /not one of the accepted shapes/ },
  { pattern: '/p/:id(\\d+?)', refused: /not one of the accepted shapes/ },
  { pattern: '/p/:1', refused: /must be followed by a parameter name/ },
  { pattern: '/p/:', refused: /must be followed by a parameter name/ },
  { pattern: '/p/:-x', refused: /must be followed by a parameter name/ },
  { pattern: '/p/:id/:id', refused: /uses the parameter ":id" twice/ },
] as const satisfies readonly RefusedRow[]
