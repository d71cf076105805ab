// Jest's jsdom environment with undici's fetch polyfilled onto the test's global
// (support/undici-polyfill.ts, as Apollo users do) before mocklib loads: that
// fetch is mocked too, with the whole environment grid (jsdom's AbortController,
// Blob and FormData handed to undici's Request).
import '../support/undici-polyfill'
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { environmentGrid } from '../../environments/support/grid'

environmentGrid({ describe, it, beforeAll, afterAll, afterEach, expect }, {
  name: 'jest jsdom + undici fetch',
  dom: true,
  fetch: true,
  fetchOffline: "undici's own connections need Node's timers (unref), and jsdom's setTimeout has none",
})
