// msw 3 (the `msw` package).
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { BODY, patternOf } from '../lib/measure.mjs'

export const label = 'msw 3'

export function createHandlers(count) {
  const handlers = new Array(count)
  for (let i = 0; i < count; i++) handlers[i] = http.get(patternOf(i), () => HttpResponse.json(BODY))
  return handlers
}

function listen(count) {
  const server = setupServer(...createHandlers(count))
  server.listen({ onUnhandledRequest: 'error' })
  return { stop: () => server.close() }
}

export const mockFetch = listen
export const mockHttp = () => listen(1)
