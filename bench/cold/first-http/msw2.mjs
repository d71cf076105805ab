// Cold start and the first mocked node:http request (see ../../scenarios/cold-first-http.mjs).
import { httpGetText, report } from '../first-call-clients.mjs'
const { http, HttpResponse } = await import('msw2')
const { setupServer } = await import('msw2/node')
const server = setupServer(http.get('http://localhost/api/r0/:id', () => HttpResponse.json({ id: 1 })))
server.listen({ onUnhandledRequest: 'error' })
const text = await httpGetText('http://localhost/api/r0/1')
server.close()
report(text === '{"id":1}')
