// The version grid's Vitest entry: imports from 'msw' as an msw user's test
// does; the runner's config aliases 'msw' to mocklib for the mocklib half.
import { createRequire } from 'node:module'
import axios from 'axios'
import { graphql, http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'

const defineCases = createRequire(import.meta.url)('./cases.cjs')
defineCases({ http, graphql, HttpResponse, setupServer, axios }, { describe, test, expect, beforeAll, afterAll, afterEach })
