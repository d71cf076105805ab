// @vitest-environment happy-dom
// Issue 25.6: non-ASCII header values through XMLHttpRequest under happy-dom (see support/header-bytes-xhr.ts).
import { xhrHeaderBytesSuite } from './support/header-bytes-xhr.js'

xhrHeaderBytesSuite('happy-dom')
