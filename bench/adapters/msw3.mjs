// msw 3 (the `msw` package). It scopes GraphQL to an endpoint with `graphql.link`.
import { http, HttpResponse, sse, ws } from 'msw'
import { graphql } from 'msw/graphql'
import { setupServer } from 'msw/node'
import { mswRealtime } from './msw-realtime.mjs'
import { mswShapedAdapter } from './msw-shaped.mjs'

export const { label, createHandlers, createAndRegister, mockFetch, mockHttp, mockGraphql } = mswShapedAdapter('msw 3', {
  http,
  HttpResponse,
  setupServer,
  graphql: graphql.link('http://localhost/graphql'),
})
export const { mockWebSocketEcho, mockSse } = mswRealtime({ ws, sse, setupServer })
