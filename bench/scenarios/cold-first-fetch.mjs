// Cold start with the first request: as cold-start.mjs, with one mocked `fetch` (body read)
// between starting and stopping interception. mocklib loads what answers a request on first
// use (src/kernel/on-first-use.ts), so this row shows what that first request costs on top.
// Same measure: performance.now() at the end of the script, minus a bare Node process's.
export const title = 'cold start + first mocked fetch: import, one handler, listen, fetch, close (over bare Node)'
export const unit = 'ms'
export const impls = ['mocklib', 'msw3', 'msw2', 'nock', 'mockagent', 'fetchmock']
export const baseline = 'bare'

/** The child is the cold script itself, not the generic child runner. */
export const script = (impl) => new URL(`../cold/first-fetch/${impl}.mjs`, import.meta.url).pathname
