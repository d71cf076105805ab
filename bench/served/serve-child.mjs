// The mock server under load: a JSON GET handler served by mocklib/server (dist/), in a process of its own.
import { http, HttpResponse } from '../../dist/index.js'
import { createMockServer } from '../../dist/server.js'

const server = await createMockServer([http.get('/users/:id', ({ params }) => HttpResponse.json({ id: params.id, name: 'Ada', roles: ['admin', 'dev'] }))], { historyLimit: 500 })
process.send?.(server.url)
process.on('disconnect', () => void server.close().then(() => process.exit(0)))
