// undici's MockAgent as the global dispatcher (global fetch only, not node:http).
import { MockAgent, getGlobalDispatcher, setGlobalDispatcher } from 'undici'
import { BODY, ORIGIN } from '../lib/measure.mjs'

export const label = 'MockAgent'

const json = { headers: { 'content-type': 'application/json' } }

export function createHandlers(count, agent = new MockAgent()) {
  const pool = agent.get(ORIGIN)
  for (let i = 0; i < count; i++) pool.intercept({ path: `/api/r${i}/1`, method: 'GET' }).reply(200, BODY, json).persist()
  return agent
}

export function mockFetch(count) {
  const previous = getGlobalDispatcher()
  const agent = new MockAgent()
  agent.disableNetConnect()
  createHandlers(count, agent)
  setGlobalDispatcher(agent)
  return { stop: () => setGlobalDispatcher(previous) }
}
