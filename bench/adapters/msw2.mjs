// msw 2 (the `msw2` alias of msw 2.15).
import { graphql, http, HttpResponse, sse, ws } from 'msw2'
import { setupServer } from 'msw2/node'
import { mswRealtime } from './msw-realtime.mjs'
import { mswShapedAdapter } from './msw-shaped.mjs'

export const { label, createHandlers, createAndRegister, mockFetch, mockHttp, mockGraphql } = mswShapedAdapter('msw 2', { http, HttpResponse, setupServer, graphql })
export const { mockWebSocketEcho, mockSse } = mswRealtime({ ws, sse, setupServer })
