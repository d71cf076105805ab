// @mswjs/http-middleware: msw 2 handlers served by Express, the way msw users serve them today.
import { createRequire } from 'node:module'
import { join } from 'node:path'

const require = createRequire(join(process.argv[2], 'package.json'))
const { createServer } = require('@mswjs/http-middleware')
const { http, HttpResponse } = require('msw')

const app = createServer(http.get('/users/:id', ({ params }) => HttpResponse.json({ id: params.id, name: 'Ada', roles: ['admin', 'dev'] })))
const server = app.listen(0, '127.0.0.1', () => process.send?.(`http://127.0.0.1:${server.address().port}`))
process.on('disconnect', () => server.close(() => process.exit(0)))
