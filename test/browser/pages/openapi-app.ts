// The page of the OpenAPI browser tests: mocklib and mocklib/openapi, bundled with code splitting as an
// application's bundler would, so that chunks loaded with import() (ajv, yaml) are downloads of their own.
import * as core from 'mocklib'
import * as browser from 'mocklib/browser'
import * as openapi from 'mocklib/openapi'

/** Whether the page's own scripts may build functions from text (a Content-Security-Policy may forbid it). */
function pageMayEvaluate(): boolean {
  try {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the probe of the page's policy
    new Function('')
    return true
  } catch {
    return false
  }
}

Object.assign(window, { mocklib: { ...core, ...browser }, openapi })
document.documentElement.dataset.codeGeneration = String(pageMayEvaluate())
document.documentElement.dataset.ready = 'true'

export type OpenApiPageApi = typeof openapi
