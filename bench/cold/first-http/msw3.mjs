// Cold start and the first mocked node:http request (see ../../scenarios/cold-first-http.mjs).
const { default: nodeHttp } = await import('node:http')
const { http, HttpResponse } = await import('msw')
const { setupServer } = await import('msw/node')
const server = setupServer(http.get('http://localhost/api/r0/:id', () => HttpResponse.json({ id: 1 })))
server.listen({ onUnhandledRequest: 'error' })
const text = await new Promise((resolve, reject) => {
  nodeHttp.get('http://localhost/api/r0/1', (res) => {
    let data = ''
    res.setEncoding('utf8')
    res.on('data', (chunk) => (data += chunk))
    res.on('end', () => resolve(data))
    res.on('error', reject)
  }).on('error', reject)
})
server.close()
const value = performance.now()
process.stdout.write(JSON.stringify({ value, ok: text === '{"id":1}' }))
