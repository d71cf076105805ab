// Bare @mswjs/interceptors socket-level HttpRequestInterceptor answering every
// request with one response: the floor of anything built on it.
import { HttpRequestInterceptor } from '@mswjs/interceptors/http'
import { BODY } from '../lib/measure.mjs'

export const label = 'interceptors'

function listen() {
  const interceptor = new HttpRequestInterceptor()
  interceptor.on('request', ({ controller }) => controller.respondWith(Response.json(BODY)))
  interceptor.apply()
  return { stop: () => interceptor.dispose() }
}

export const mockFetch = (count) => {
  if (count !== 1) throw new Error('one response only')
  return listen()
}
export const mockHttp = listen
