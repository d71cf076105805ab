// @vitest-environment jsdom
// Issue 25.6: non-ASCII header values through XMLHttpRequest under jsdom (see support/header-bytes-xhr.ts).
import { xhrHeaderBytesSuite } from './support/header-bytes-xhr.js'

xhrHeaderBytesSuite('jsdom')
