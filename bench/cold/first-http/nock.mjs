// Cold start and the first mocked node:http request (see ../../scenarios/cold-first-http.mjs).
import { httpGetText, report } from '../first-call-clients.mjs'
const { default: nock } = await import('nock')
nock('http://localhost').get('/api/r0/1').reply(200, { id: 1 })
nock.disableNetConnect()
const text = await httpGetText('http://localhost/api/r0/1')
nock.cleanAll()
nock.restore()
report(text === '{"id":1}')
