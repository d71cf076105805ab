// Spec §4.4: the posts CRUD example, answered through every real Node client.
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { API, clients } from './support/clients.js'
import { failOnUnhandledRejection } from './support/harness.js'

interface Post {
  id: string
  title: string
}

const posts = new Map<string, Post>()

const server = setupServer(
  http.get(`${API}/posts`, () => HttpResponse.json([...posts.values()])),
  http.post(`${API}/posts`, async ({ request }) => {
    const post = (await request.json()) as Post
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

failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

describe.each(clients)('spec §4.4 through %s', (_name, client) => {
  beforeEach(() => posts.clear())

  it('GET /posts answers an empty array when there are no posts', async () => {
    const reply = await client(`${API}/posts`)
    expect(reply.status).toBe(200)
    expect(reply.headers['content-type']).toBe('application/json')
    expect(JSON.parse(reply.body)).toEqual([])
  })

  it('POST /posts creates a post (201) that GET /posts then lists', async () => {
    const created = await client(`${API}/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: '1', title: 'Hello' }),
    })
    expect(created.status).toBe(201)
    expect(JSON.parse(created.body)).toEqual({ id: '1', title: 'Hello' })
    const listed = await client(`${API}/posts`)
    expect(JSON.parse(listed.body)).toEqual([{ id: '1', title: 'Hello' }])
  })

  it('DELETE /posts/:id answers 200 with the post, then 404 with a null body', async () => {
    posts.set('7', { id: '7', title: 'Seven' })
    const deleted = await client(`${API}/posts/7`, { method: 'DELETE' })
    expect(deleted.status).toBe(200)
    expect(JSON.parse(deleted.body)).toEqual({ id: '7', title: 'Seven' })
    const missing = await client(`${API}/posts/7`, { method: 'DELETE' })
    expect(missing.status).toBe(404)
    expect(missing.body).toBe('')
  })

  it('GET /user answers 401 with a null body without the session cookie, 200 with it', async () => {
    const anonymous = await client(`${API}/user`)
    expect(anonymous.status).toBe(401)
    expect(anonymous.body).toBe('')
    const signedIn = await client(`${API}/user`, { headers: { cookie: 'theme=dark; session=abc%20123' } })
    expect(signedIn.status).toBe(200)
    expect(JSON.parse(signedIn.body)).toEqual({ name: 'Ada', session: 'abc 123' })
  })
})
