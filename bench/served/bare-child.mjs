// The ceiling: the same JSON answer from a bare node:http server (no mocklib), in a process of its own.
import { createServer } from 'node:http'

const server = createServer((request, response) => {
  const id = request.url.split('/')[2]
  const body = JSON.stringify({ id, name: 'Ada', roles: ['admin', 'dev'] })
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body)
})
server.listen(0, '127.0.0.1', () => process.send?.(`http://127.0.0.1:${server.address().port}`))
process.on('disconnect', () => server.close(() => process.exit(0)))
