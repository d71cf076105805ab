// GraphQL subscriptions: one graphql.subscription handler answers a graphql-ws
// client (the `graphql-ws` package over Node's global WebSocket) and a
// GraphQL-over-SSE client (fetch reading the event stream).
import { graphql } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { createClient } from 'graphql-ws'

const ON_PRICE = 'subscription OnPrice($symbol: String!) { price(symbol: $symbol) }'

const server = setupServer(
  graphql.subscription('OnPrice', async function* ({ variables, transport, signal }) {
    let price = 100
    try {
      for (let tick = 1; tick <= 3 && !signal.aborted; tick++) {
        price += tick
        yield { data: { price: { symbol: variables.symbol, value: price, transport } } }
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    } finally {
      console.log(`  (the ${transport} subscription to ${variables.symbol} ended)`)
    }
  }),
)
server.listen({ onUnhandledRequest: 'error' })

try {
  console.log('graphql-ws over WebSocket:')
  const client = createClient({ url: 'wss://api.example.test/graphql', webSocketImpl: globalThis.WebSocket, lazy: true, retryAttempts: 0 })
  for await (const result of client.iterate({ query: ON_PRICE, variables: { symbol: 'ACME' } })) {
    console.log('  next', JSON.stringify(result.data))
  }
  await client.dispose()

  console.log('GraphQL over SSE with fetch:')
  const response = await fetch('https://api.example.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ query: ON_PRICE, variables: { symbol: 'INIT' } }),
  })
  const text = await response.text()
  for (const frame of text.split('\n\n').filter(Boolean)) console.log(' ', frame.replace(/\n/g, ' | '))
} finally {
  server.close()
}
