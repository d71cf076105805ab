// Cold start and the first mocked node:http request (see ../../scenarios/cold-first-http.mjs).
const { default: nodeHttp } = await import('node:http')
const { default: nock } = await import('nock')
nock('http://localhost').get('/api/r0/1').reply(200, { id: 1 })
nock.disableNetConnect()
const text = await new Promise((resolve, reject) => {
  nodeHttp.get('http://localhost/api/r0/1', (res) => {
    let data = ''
    res.setEncoding('utf8')
    res.on('data', (chunk) => (data += chunk))
    res.on('end', () => resolve(data))
    res.on('error', reject)
  }).on('error', reject)
})
nock.cleanAll()
nock.restore()
const value = performance.now()
process.stdout.write(JSON.stringify({ value, ok: text === '{"id":1}' }))
