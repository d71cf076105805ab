// node-fetch 3 stubbed as the global fetch in Vitest, the way tests replace globals.
import nodeFetch from 'node-fetch'
import { vi } from 'vitest'

vi.stubGlobal('fetch', nodeFetch)
