// @vitest-environment happy-dom
// The environment grid (support/grid.ts) under Vitest's happy-dom environment.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { environmentGrid } from './support/grid.js'

environmentGrid({ describe, it, beforeAll, afterAll, afterEach, expect }, { name: 'vitest happy-dom', dom: true, fetch: true })
