// Cold start: a fresh Node process imports the library (and its Node entry),
// defines one handler, starts intercepting and stops (`listen()` + `close()`, or
// the library's equivalent); the figure is its time over a bare Node process.
// Measured as performance.now() at the end of the script (ms since the
// process started), so process exit is not counted.
export const title = 'cold start: import, one handler, listen, close (over bare Node)'
export const unit = 'ms'
export const impls = ['mocklib', 'msw3', 'msw2', 'nock', 'mockagent', 'fetchmock']
export const baseline = 'bare'

/** The child is the cold script itself, not the generic child runner. */
export const script = (impl) => new URL(`../cold/${impl}.mjs`, import.meta.url).pathname
