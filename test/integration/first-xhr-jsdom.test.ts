// @vitest-environment jsdom
// Issue 23 item 6: the first XMLHttpRequest under jsdom loads what answers it; see support/first-xhr.ts.
import { afterEach } from 'vitest'
import { failOnUnhandledRejection } from './support/harness.js'
import { closeServer, firstXhrScenarios } from './support/first-xhr.js'

failOnUnhandledRejection()
afterEach(closeServer)
firstXhrScenarios()
