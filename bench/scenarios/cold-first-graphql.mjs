// Cold start with the first GraphQL query: a fresh Node process imports the library, defines one
// `graphql.query('GetUser', ...)` handler (msw 3: on `graphql.link('http://localhost/graphql')`),
// starts intercepting, POSTs ONE query with global fetch (body read and checked), stops. mocklib
// and msw load the `graphql` package on first use: that load is part of what this row measures.
// Measure as cold-first-fetch.mjs: performance.now() at the end, minus a bare Node process's.
export const title = 'cold start + first mocked GraphQL query: import, one handler, listen, fetch POST, close (over bare Node)'
export const unit = 'ms'
export const impls = ['mocklib', 'msw3', 'msw2']
export const baseline = 'bare'

/** The child is the cold script itself, not the generic child runner. */
export const script = (impl) => new URL(`../cold/first-graphql/${impl}.mjs`, import.meta.url).pathname
