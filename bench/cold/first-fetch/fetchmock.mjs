// Cold start and the first mocked request (see ../../scenarios/cold-first-fetch.mjs).
const { default: fetchMock } = await import('fetch-mock')
fetchMock.get('express:/api/r0/:id', { id: 1 })
fetchMock.mockGlobal()
const body = await (await fetch('http://localhost/api/r0/1')).json()
fetchMock.unmockGlobal()
const value = performance.now()
process.stdout.write(JSON.stringify({ value, ok: body.id === 1 }))
