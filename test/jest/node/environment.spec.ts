// The environment grid (test/environments/support/grid.ts) under Jest's node environment.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { environmentGrid } from '../../environments/support/grid'

environmentGrid({ describe, it, beforeAll, afterAll, afterEach, expect }, { name: 'jest node', dom: false, fetch: true })
