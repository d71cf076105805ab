// Cold start and the first mocked request (see ../../scenarios/cold-first-fetch.mjs).
const { http, HttpResponse } = await import('msw')
const { setupServer } = await import('msw/node')
const server = setupServer(http.get('http://localhost/api/r0/:id', () => HttpResponse.json({ id: 1 })))
server.listen({ onUnhandledRequest: 'error' })
const body = await (await fetch('http://localhost/api/r0/1')).json()
server.close()
const value = performance.now()
process.stdout.write(JSON.stringify({ value, ok: body.id === 1 }))
