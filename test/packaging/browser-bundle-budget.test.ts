// Issue 23's constraint "the browser bundle does not grow": what a page loads up front for
// `setupWorker` + `http` + `HttpResponse`, bundled from the built package as an app's bundler
// would (scripts/browser-size.mjs, esbuild, code splitting, minified, gzip level 9), stays within
// the 20.1 kB min+gz it had at the start of that round. A size, not a time: it does not move with
// the machine. When a change must add to it, raise the budget in the same change and say why.
// 20.1 -> 20.6 kB (issue 36 item 5): path-to-regexp inline patterns (`/p/:id(\d+)`) are checked
// at handler creation and matched by a linear matcher of their own (no user RegExp over a URL),
// about 1.2 kB that a page must carry up front because handler creation and matching are
// synchronous (19.3 -> 20.4 kB on the commit before it).
import { expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script without types
import { measure } from '../../scripts/browser-size.mjs'

const BUDGET_GZIP_BYTES = 20.6 * 1024

it('setupWorker + http + HttpResponse: the initial bundle stays within 20.6 kB min+gz', async () => {
  const sizes = (await measure("export { setupWorker } from 'mocklib/browser'; export { http, HttpResponse } from 'mocklib'")) as { initialGzip: number }
  expect(sizes.initialGzip).toBeLessThanOrEqual(BUDGET_GZIP_BYTES)
})
