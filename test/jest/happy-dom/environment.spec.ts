// The environment grid (test/environments/support/grid.ts) under @happy-dom/jest-environment (happy-dom's own fetch, Request, AbortController…).
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { environmentGrid } from '../../environments/support/grid'

environmentGrid({ describe, it, beforeAll, afterAll, afterEach, expect }, { name: 'jest happy-dom', dom: true, fetch: true })
