// The mock server under load: mocklib/server (dist/) answering a JSON GET, in a process of its own.
// With --openapi, the handlers are bench/served/users.yaml's, as fromOpenApi() makes them.
import { http, HttpResponse } from '../../dist/index.js'
import { fromOpenApi } from '../../dist/openapi.js'
import { createMockServer } from '../../dist/server.js'

const handlers = process.argv.includes('--openapi')
  ? await fromOpenApi(new URL('./users.yaml', import.meta.url).pathname, { baseUrl: '' })
  : [http.get('/users/:id', ({ params }) => HttpResponse.json({ id: params.id, name: 'Ada', roles: ['admin', 'dev'] }))]
const server = await createMockServer(handlers, { historyLimit: 500 })
process.send?.(server.url)
process.on('disconnect', () => void server.close().then(() => process.exit(0)))
