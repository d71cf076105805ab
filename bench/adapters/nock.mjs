// nock 15 (intercepts node:http and global fetch). nock has no path params:
// each interceptor names its exact path.
import nock from 'nock'
import { BODY, ORIGIN } from '../lib/measure.mjs'

export const label = 'nock'

export function createHandlers(count) {
  const scope = nock(ORIGIN)
  for (let i = 0; i < count; i++) scope.get(`/api/r${i}/1`).reply(200, BODY)
  return scope
}

function listen(count) {
  const scope = nock(ORIGIN).persist()
  for (let i = 0; i < count; i++) scope.get(`/api/r${i}/1`).reply(200, BODY)
  nock.disableNetConnect()
  return { stop: () => nock.cleanAll() }
}

export const mockFetch = listen
export const mockHttp = () => listen(1)
