// A GraphQL query over global fetch (POST, JSON body), 1 handler.
import { perCallMicros } from '../lib/measure.mjs'

export const title = 'GraphQL query, 1 handler'
export const unit = 'µs/req'
export const impls = ['mocklib', 'msw3', 'msw2']
export const HANDLERS = 1

const body = JSON.stringify({ query: 'query GetUser($id: ID!) { user(id: $id) { id } }', variables: { id: '1' }, operationName: 'GetUser' })

export async function query() {
  const response = await fetch('http://localhost/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  const result = await response.json()
  if (result.data?.user?.id !== '1') throw new Error(`unexpected ${JSON.stringify(result)}`)
}

export async function runWith(adapter, count, quick) {
  const { stop } = adapter.mockGraphql(count)
  const micros = await perCallMicros(query, quick ? { warmup: 100, iterations: 200 } : { warmup: 300, iterations: 1000 })
  stop()
  return micros
}

export const run = (adapter, { quick }) => runWith(adapter, HANDLERS, quick)
