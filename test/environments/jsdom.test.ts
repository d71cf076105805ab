// @vitest-environment jsdom
// The environment grid (support/grid.ts) under Vitest's jsdom environment.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { environmentGrid } from './support/grid.js'

environmentGrid({ describe, it, beforeAll, afterAll, afterEach, expect }, { name: 'vitest jsdom', dom: true, fetch: true })
