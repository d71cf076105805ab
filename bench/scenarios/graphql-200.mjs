// A GraphQL query over global fetch, 200 query handlers; the last one matches.
import { runWith } from './graphql-1.mjs'

export const title = 'GraphQL query, 200 handlers (match last)'
export const unit = 'µs/req'
export const impls = ['mocklib', 'msw3', 'msw2']

export const run = (adapter, { quick }) => runWith(adapter, 200, quick)
