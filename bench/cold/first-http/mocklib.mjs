// Cold start and the first mocked node:http request (see ../../scenarios/cold-first-http.mjs).
import { httpGetText, report } from '../first-call-clients.mjs'
const dist = process.env.MOCKLIB_BENCH_DIST ? new URL(`file://${process.env.MOCKLIB_BENCH_DIST}/`) : new URL('../../../dist/', import.meta.url)
const { http, HttpResponse } = await import(new URL('index.js', dist).href)
const { setupServer } = await import(new URL('node.js', dist).href)
const server = setupServer(http.get('http://localhost/api/r0/:id', () => HttpResponse.json({ id: 1 })))
server.listen({ onUnhandledRequest: 'error' })
const text = await httpGetText('http://localhost/api/r0/1')
server.close()
report(text === '{"id":1}')
