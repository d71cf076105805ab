// The spec's REST worked example (§4.4), answered by mocklib and called with
// real clients: global fetch, node:http, undici and axios.
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import nodeHttps from 'node:https'
import { request as undiciRequest } from 'undici'
import axios from 'axios'

const API = 'https://api.example.test'
const posts = new Map([['1', { id: '1', title: 'Hello, world' }]])

const server = setupServer(
  http.get(`${API}/posts`, () => HttpResponse.json([...posts.values()])),
  http.post(`${API}/posts`, async ({ request }) => {
    const post = await request.json()
    posts.set(post.id, post)
    return HttpResponse.json(post, { status: 201 })
  }),
  http.delete(`${API}/posts/:id`, ({ params }) => {
    const post = posts.get(params.id)
    if (!post) return new HttpResponse(null, { status: 404 })
    posts.delete(params.id)
    return HttpResponse.json(post)
  }),
  http.get(`${API}/user`, ({ cookies }) => {
    if (!cookies.session) return new HttpResponse(null, { status: 401 })
    return HttpResponse.json({ name: 'Ada', session: cookies.session })
  }),
)
server.listen({ onUnhandledRequest: 'error' })

const show = (client, what, status, body) => console.log(`  ${client.padEnd(10)} ${what.padEnd(28)} → ${status} ${body}`)

console.log('REST worked example (spec §4.4)')
let response = await fetch(`${API}/posts`)
show('fetch', 'GET /posts', response.status, await response.text())

response = await fetch(`${API}/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: '2', title: 'Second post' }) })
show('fetch', 'POST /posts', response.status, await response.text())

const viaAxios = await axios.get(`${API}/posts`)
show('axios', 'GET /posts', viaAxios.status, JSON.stringify(viaAxios.data))

const viaUndici = await undiciRequest(`${API}/posts/2`, { method: 'DELETE' })
show('undici', 'DELETE /posts/2', viaUndici.statusCode, await viaUndici.body.text())

const viaNodeHttp = await new Promise((resolve, reject) => {
  nodeHttps
    .request(`${API}/posts/42`, { method: 'DELETE' }, (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode, body }))
    })
    .on('error', reject)
    .end()
})
show('node:https', 'DELETE /posts/42 (unknown)', viaNodeHttp.status, JSON.stringify(viaNodeHttp.body))

response = await fetch(`${API}/user`)
show('fetch', 'GET /user (no cookie)', response.status, JSON.stringify(await response.text()))
response = await fetch(`${API}/user`, { headers: { cookie: 'session=abc123' } })
show('fetch', 'GET /user (session=abc123)', response.status, await response.text())

server.close()
