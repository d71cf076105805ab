// What streams a subscription, over either transport: the graphql-ws session, the SSE response and the
// iterator a resolver's stream becomes. Loaded by the first subscription a handler answers
// (subscription-handler.ts), so neither `import 'mocklib'` nor a handler list without subscribers pays for it.
export { eventStreamResponse } from './subscription-sse.js'
export { startSession } from './subscription-session.js'
export { iteratorOf } from './subscription-stream.js'
