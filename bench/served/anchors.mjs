// The anchors of the served bench (@mswjs/http-middleware on Express, Prism, and autocannon as the load
// generator) live in a project of their own, anchors/, installed with `npm ci` on first use into
// ~/.cache/mocklib-bench-anchors/<lockfile hash>/ (or under $XDG_CACHE_HOME): never into the
// project's node_modules.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const source = fileURLToPath(new URL('./anchors/', import.meta.url))

/** The folder holding the installed anchors (`node_modules/` inside). */
export function installAnchors() {
  const cacheRoot = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'mocklib-bench-anchors')
  const lock = readFileSync(join(source, 'package-lock.json'))
  const hash = createHash('sha256').update(readFileSync(join(source, 'package.json'))).update(lock).digest('hex').slice(0, 12)
  const dir = join(cacheRoot, hash)
  const installed = join(dir, 'node_modules', '.anchors-installed')
  if (existsSync(installed)) return dir
  for (const stale of existsSync(cacheRoot) ? readdirSync(cacheRoot) : []) rmSync(join(cacheRoot, stale), { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  cpSync(join(source, 'package.json'), join(dir, 'package.json'))
  cpSync(join(source, 'package-lock.json'), join(dir, 'package-lock.json'))
  process.stderr.write('served bench: installing its anchors (npm ci, once)...\n')
  const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], { cwd: dir, encoding: 'utf8' })
  if (npm.status !== 0) throw new Error(`npm ci of bench/served/anchors failed:\n${npm.stderr}`)
  writeFileSync(installed, new Date().toISOString())
  return dir
}
