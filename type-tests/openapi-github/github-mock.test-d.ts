// openapi<paths>().mock on GitHub's REST description (typed by openapi-typescript into temp/github.paths.ts by
// check.mjs): the builder's contract typing on a real document of ~1,000 paths, as github.test-d.ts does for handlers.
import { expectTypeOf } from 'expect-type'
import { openapi } from '../../src/openapi/index.js'
import type { components, paths } from './temp/github.paths.js'

const github = openapi<paths>('https://api.github.com')

// reply(status, body): the declared body of that status.
github.mock.get('/repos/{owner}/{repo}').reply(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' })
// @ts-expect-error the 200 body is a full repository, not a name
github.mock.get('/repos/{owner}/{repo}').reply(200, { name: 'hello-world' })
// @ts-expect-error 418 is not declared
github.mock.get('/repos/{owner}/{repo}').reply(418, { message: 'teapot' })
expectTypeOf(github.mock.get('/repos/{owner}/{repo}').reply(301, { message: 'Moved', documentation_url: 'https://docs.github.com/rest' }).calls[0]!.params).toEqualTypeOf<{
  readonly owner: string
  readonly repo: string
}>()

// query(): the operation's query parameters only.
github.mock.get('/repos/{owner}/{repo}/issues').query({ state: 'open', per_page: /^\d+$/ }).reply(200, [], { headers: { Link: '<https://api.github.com/repositories/1/issues?page=2>; rel="next"' } })
// @ts-expect-error not a query parameter of issues/list-for-repo
github.mock.get('/repos/{owner}/{repo}/issues').query({ q: 'bug' })

// body(): the declared JSON request body; calls keep it typed.
const opened = github.mock
  .post('/repos/{owner}/{repo}/issues')
  .body({ title: /crash/ })
  .reply(422, { message: 'Validation Failed', documentation_url: 'https://docs.github.com/rest' })
expectTypeOf(opened.calls[0]!.body.title).toEqualTypeOf<string | number>()
// @ts-expect-error an issue has no subject
github.mock.post('/repos/{owner}/{repo}/issues').body({ subject: 'crash' })
// @ts-expect-error 201's body is an issue
github.mock.post('/repos/{owner}/{repo}/issues').reply(201, { id: 1, title: 'crash' })

// A status without content takes no body.
github.mock.delete('/repos/{owner}/{repo}').reply(204)
// @ts-expect-error 204 has no content
github.mock.delete('/repos/{owner}/{repo}').reply(204, {})

// A resolver is typed as a typed handler's.
github.mock.get('/user').reply(({ response }) => {
  expectTypeOf(response(200).json).parameter(0).toEqualTypeOf<components['schemas']['private-user'] | components['schemas']['public-user']>()
  return response(304).empty()
})

// @ts-expect-error GET only: /user/repos has no DELETE
github.mock.delete('/user/repos')
// @ts-expect-error the document writes {owner}, not :owner
github.mock.get('/repos/:owner/:repo')
