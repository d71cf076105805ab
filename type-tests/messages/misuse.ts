// Misuse of the mock builder must print a sentence that says what to do.
// Each `// message:` comment names a text that the compiler's error for the
// next line must contain (checked by scripts/type-tests.mjs, "messages").
import { http, HttpResponse, mock, type RestMock } from 'mocklib'
import { setupServer } from 'mocklib/node'

interface PostInput {
  title: string
}

// message: This mock already has an answer
mock.get('/a').reply(200).reply(201)
// message: This mock already has an answer
mock.get('/a').reply(200).networkError()
// message: This mock already has an answer
mock.query('ListPosts').reply({ data: {} }).passthrough()
// message: Matching steps (query, headers, cookies, body, variables) come before the answer
mock.get('/a').reply(200).query({ a: '1' })
// message: Matching steps (query, headers, cookies, body, variables) come before the answer
mock.query('ListPosts').reply({ data: {} }).variables({})
// message: body() was already called on this mock
mock.post('/a').body<PostInput>().body({ title: 'x' })
// message: times(n) needs a whole number n >= 1
mock.get('/a').reply(200).times(0)
// message: A mock has one usage limit: times(n), once() or persist() was already called on it
mock.get('/a').reply(200).once().persist()
// message: A mock has one usage limit: times(n), once() or persist() was already called on it
mock.get('/a').reply(200).persist().once()
// message: A mock has one usage limit: times(n), once() or persist() was already called on it
mock.query('ListPosts').reply({ data: {} }).times(2).persist()
// message: call .reply(...), .replyWith(...), .networkError() or .passthrough() to finish the mock
export const notAHandler: RestMock = mock.get('/a')
// message: call .reply(...), .replyWith(...), .networkError() or .passthrough() to finish the mock
export const notAGraphQLHandler: RestMock = mock.query('ListPosts')
// message: Unfinished mock: call .reply(...)
setupServer().use(mock.get('/b'))
// message: A colon in the path must start a parameter name
http.get('/p/:1', () => HttpResponse.text('x'))
// message: :id(.*) is an inline pattern mocklib does not accept: use one character class with a quantifier
http.get('/p/:id(.*)', () => HttpResponse.text('x'))
// message: The resolver does not fit this path
http.get('/posts/:id', ({ params }: { params: { slug: string } }) => HttpResponse.text(params.slug))
