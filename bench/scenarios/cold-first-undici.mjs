// Cold start with the first undici.request: a fresh Node process imports the npm `undici`
// package (the client's cost, first line of every script alike) and the library, defines one
// handler, starts intercepting, makes ONE mocked `request()` (body `.json()`), stops. mocklib
// loads what answers undici on first use. Measure as cold-first-fetch.mjs: performance.now() at
// the end of the script, minus a bare Node process's.
// Not here: msw 3 and msw 2 do not intercept undici.request (with `onUnhandledRequest: 'error'`
// the request still goes to the network: ECONNREFUSED on localhost:80), so they have no valid
// row. fetch-mock mocks fetch only.
export const title = 'cold start + first mocked undici.request: import undici, one handler, listen, request, close (over bare Node)'
export const unit = 'ms'
export const impls = ['mocklib', 'nock', 'mockagent']
export const baseline = 'bare'

/** The child is the cold script itself, not the generic child runner. */
export const script = (impl) => new URL(`../cold/first-undici/${impl}.mjs`, import.meta.url).pathname
