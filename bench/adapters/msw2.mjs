// msw 2 (the `msw2` alias of msw 2.15).
import { graphql, http, HttpResponse } from 'msw2'
import { setupServer } from 'msw2/node'
import { mswShapedAdapter } from './msw-shaped.mjs'

export const { label, createHandlers, createAndRegister, mockFetch, mockHttp, mockGraphql } = mswShapedAdapter('msw 2', { http, HttpResponse, setupServer, graphql })
