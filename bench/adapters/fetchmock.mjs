// fetch-mock 12 (replaces global fetch; `express:` routes have params like the others).
import fetchMock from 'fetch-mock'
import { BODY, pathOf } from '../lib/measure.mjs'

export const label = 'fetch-mock'

export function createHandlers(count, instance = fetchMock.createInstance()) {
  for (let i = 0; i < count; i++) instance.get(`express:${pathOf(i)}`, BODY)
  return instance
}

export function mockFetch(count) {
  createHandlers(count, fetchMock)
  fetchMock.mockGlobal()
  return { stop: () => fetchMock.unmockGlobal() }
}
