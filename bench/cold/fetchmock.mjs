const { default: fetchMock } = await import('fetch-mock')
fetchMock.get('express:/api/r0/:id', { id: 1 })
const value = performance.now()
process.stdout.write(JSON.stringify({ value, graphqlLoaded: globalThis.__graphqlLoaded === true }))
