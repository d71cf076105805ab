import { defineConfig } from 'tsup'

export default defineConfig({
  entry: { index: 'src/api/index.ts', node: 'src/api/node.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  target: 'node22',
  platform: 'neutral',
  splitting: true,
  treeshake: true,
  clean: true,
  sourcemap: true,
  external: ['graphql', '@mswjs/interceptors', /^node:/],
})
