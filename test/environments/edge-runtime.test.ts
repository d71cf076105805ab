// @vitest-environment edge-runtime
// The environment grid (support/grid.ts) under Vitest's edge-runtime environment.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { environmentGrid } from './support/grid.js'

environmentGrid({ describe, it, beforeAll, afterAll, afterEach, expect }, { name: 'vitest edge-runtime', dom: false, fetch: true })
