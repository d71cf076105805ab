// openapi<paths>() on GitHub's REST description (node_modules/@octokit/openapi, typed by openapi-typescript into
// temp/github.paths.ts by check.mjs): the same checks as openapi-petstore.test-d.ts, on a real document of ~1,000 paths.
import { expectTypeOf } from 'expect-type'
import type { StrictRequest } from 'mocklib'
import { openapi } from '../../src/openapi/index.js'
import type { components, paths } from './temp/github.paths.js'

const github = openapi<paths>('https://api.github.com')

github.get('/repos/{owner}/{repo}', ({ params, response }) => {
  expectTypeOf(params).toEqualTypeOf<{ readonly owner: string; readonly repo: string }>()
  // @ts-expect-error the 200 body is a full repository, not a name
  response(200).json({ name: params.repo })
  // @ts-expect-error 418 is not declared
  response(418)
  return response(404).json({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest' })
})

github.get('/repos/{owner}/{repo}/issues', ({ query, response }) => {
  // Read by their schemas, as openapi-typescript types them: an enum of strings, an integer as a number.
  expectTypeOf(query.state).toEqualTypeOf<'open' | 'closed' | 'all' | undefined>()
  expectTypeOf(query.per_page).toEqualTypeOf<number | undefined>()
  // @ts-expect-error not a query parameter of issues/list-for-repo
  void query.q
  return response(200).json([], { headers: { Link: '<https://api.github.com/repositories/1/issues?page=2>; rel="next"' } })
})

github.post('/repos/{owner}/{repo}/issues', async ({ request, response }) => {
  const issue = await request.json()
  expectTypeOf(issue.title).toEqualTypeOf<string | number>()
  expectTypeOf(request).toMatchTypeOf<StrictRequest<{ title: string | number }>>()
  // @ts-expect-error 201's body is an issue
  response(201).json({ id: 1, title: String(issue.title) })
  return response(422).json({ message: 'Validation Failed', documentation_url: 'https://docs.github.com/rest' })
})

github.delete('/repos/{owner}/{repo}', ({ response }) => {
  // @ts-expect-error 204 has no content
  response(204).json({})
  return response(204).empty()
})

github.get('/user', ({ response }) => {
  expectTypeOf(response(200).json).parameter(0).toEqualTypeOf<components['schemas']['private-user'] | components['schemas']['public-user']>()
  return response(304).empty()
})

// @ts-expect-error GET only: /user/repos has no DELETE
github.delete('/user/repos', ({ response }) => response.untyped(new Response()))
// @ts-expect-error the document writes {owner}, not :owner
github.get('/repos/:owner/:repo', ({ response }) => response.untyped(new Response()))
