// The environment grid (test/environments/support/grid.ts) under Jest's jsdom environment (no fetch: jsdom has none, and nothing is polyfilled).
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { environmentGrid } from '../../environments/support/grid'

environmentGrid({ describe, it, beforeAll, afterAll, afterEach, expect }, { name: 'jest jsdom', dom: true, fetch: false })
