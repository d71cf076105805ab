// @vitest-environment happy-dom
// Issue 23 item 6: the first XMLHttpRequest under happy-dom loads what answers it; see support/first-xhr.ts.
import { afterEach } from 'vitest'
import { failOnUnhandledRejection } from './support/harness.js'
import { closeServer, firstXhrScenarios } from './support/first-xhr.js'

failOnUnhandledRejection()
afterEach(closeServer)
firstXhrScenarios()
