// @vitest-environment happy-dom
// XMLHttpRequest answered at the XHR level under happy-dom, as msw 2 does.
import { xhrScenarios } from './support/xhr-scenarios.js'

xhrScenarios('happy-dom')
