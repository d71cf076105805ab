// @vitest-environment jsdom
// XMLHttpRequest answered at the XHR level under jsdom, as msw 2 does.
import { xhrScenarios } from './support/xhr-scenarios.js'

xhrScenarios('jsdom')
