// The environment grid (test/environments/support/grid.ts) under jest-fixed-jsdom (jsdom with Node's Fetch classes, the environment msw's documentation recommends).
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { environmentGrid } from '../../environments/support/grid'

environmentGrid({ describe, it, beforeAll, afterAll, afterEach, expect }, { name: 'jest-fixed-jsdom', dom: true, fetch: true })
