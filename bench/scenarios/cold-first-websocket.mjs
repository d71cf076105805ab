// Cold start with the first WebSocket message: a fresh Node process imports the library, defines
// a `ws.link('ws://localhost/chat')` whose connection listener sends 'hello', starts
// intercepting, opens Node's global WebSocket, waits for the first message (checked), closes the
// socket, stops. mocklib loads what answers WebSocket on first use. Measure as
// cold-first-fetch.mjs: performance.now() at the end, minus a bare Node process's.
// nock, MockAgent and fetch-mock do not mock WebSocket.
export const title = 'cold start + first mocked WebSocket message: import, one link, listen, connect, first message, close (over bare Node)'
export const unit = 'ms'
export const impls = ['mocklib', 'msw3', 'msw2']
export const baseline = 'bare'

/** The child is the cold script itself, not the generic child runner. */
export const script = (impl) => new URL(`../cold/first-websocket/${impl}.mjs`, import.meta.url).pathname
