// @vitest-environment node
// The environment grid (support/grid.ts) under Vitest's node environment.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { environmentGrid } from './support/grid.js'

environmentGrid({ describe, it, beforeAll, afterAll, afterEach, expect }, { name: 'vitest node', dom: false, fetch: true })
