// Cold start and the first mocked request (see ../../scenarios/cold-first-fetch.mjs).
const { default: nock } = await import('nock')
nock('http://localhost').get('/api/r0/1').reply(200, { id: 1 })
nock.disableNetConnect()
const body = await (await fetch('http://localhost/api/r0/1')).json()
nock.cleanAll()
nock.restore()
const value = performance.now()
process.stdout.write(JSON.stringify({ value, ok: body.id === 1 }))
