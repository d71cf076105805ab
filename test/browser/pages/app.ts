// The page every browser test loads: it exposes mocklib to `page.evaluate`.
import * as core from 'mocklib'
import * as browser from 'mocklib/browser'
import { rememberSetCookies } from '../../../src/dsl/response/cookie-jar.js'

const api = { ...core, ...browser, rememberSetCookies }
Object.assign(window, { mocklib: api })
document.documentElement.dataset.ready = 'true'

export type PageApi = typeof api
