// What a subscription handler runs for a request or a connection: matching it, and streaming over either
// transport (the graphql-ws session, the SSE response, the iterator a resolver's stream becomes). Loaded by
// the first request or graphql-ws connection that reaches a subscription handler (subscription-handler.ts),
// so neither `import 'mocklib'` nor a handler list without subscribers pays for it.
export { matchSubscription, open, respondToSubscription, selects } from './subscription-matching.js'
