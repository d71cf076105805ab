const { default: nock } = await import('nock')
nock('http://localhost').get('/api/r0/1').reply(200, { id: 1 })
const value = performance.now()
process.stdout.write(JSON.stringify({ value, graphqlLoaded: globalThis.__graphqlLoaded === true }))
