// Cold start with the first node:http request: a fresh Node process imports node:http and the
// library, defines one handler, starts intercepting, makes ONE mocked `http.get` (whole body
// read and checked), stops. mocklib loads what answers node:http on first use, so this row shows
// what that first request costs. Measure as cold-first-fetch.mjs: performance.now() at the end
// of the script, minus a bare Node process's.
// The client (bench/cold/first-call-clients.mjs) calls `http.get` at request time: msw patches
// the module's functions when it starts, so a `get` taken out of the module before that goes to
// the network (mocklib and nock answer it either way).
export const title = 'cold start + first mocked node:http request: import, one handler, listen, http.get, close (over bare Node)'
export const unit = 'ms'
export const impls = ['mocklib', 'msw3', 'msw2', 'nock']
export const baseline = 'bare'

/** The child is the cold script itself, not the generic child runner. */
export const script = (impl) => new URL(`../cold/first-http/${impl}.mjs`, import.meta.url).pathname
