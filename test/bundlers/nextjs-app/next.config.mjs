import { fileURLToPath } from 'node:url'

const repository = fileURLToPath(new URL('../../..', import.meta.url))

/** @type {import('next').NextConfig} */
export default {
  // next, react and mocklib's dist live in the repository root.
  turbopack: { root: repository },
  outputFileTracingRoot: repository,
  // What this fixture checks is the bundled runtime; the type tests live in type-tests/.
  typescript: { ignoreBuildErrors: true },
}
