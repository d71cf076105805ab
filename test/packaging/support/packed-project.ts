// A fresh project with the packed package installed, without any network: `npm
// pack` of this repository (dist/ must be built), unpacked as node_modules/mocklib,
// its dependencies and @types/node linked from this repository.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

/** A packed-and-installed project: its folder, a way to write files and to run commands in it. */
export interface PackedProject {
  readonly folder: string
  write(file: string, content: string): void
  run(command: string, args: ReadonlyArray<string>): string
  remove(): void
}

/**
 * Packs the repository and installs the tarball into a new temporary folder.
 *
 * @example
 * const project = createPackedProject({ link: ['@types/node'] })
 * project.write('a.mjs', "import 'mocklib'")
 * project.run(process.execPath, ['a.mjs'])
 */
export function createPackedProject(options: { link?: ReadonlyArray<string> } = {}): PackedProject {
  if (!existsSync(join(root, 'dist', 'index.js'))) throw new Error('dist/ is missing: run `npm run build` first.')
  const folder = mkdtempSync(join(tmpdir(), 'mocklib-packed-'))
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', folder], { cwd: root, encoding: 'utf8' }),
  ) as Array<{ filename: string }>
  const target = join(folder, 'node_modules', 'mocklib')
  mkdirSync(target, { recursive: true })
  execFileSync('tar', ['-xzf', join(folder, packed[0]!.filename), '-C', target, '--strip-components=1'])
  const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }
  for (const dependency of [...Object.keys(manifest.dependencies ?? {}), ...(options.link ?? [])]) {
    const link = join(folder, 'node_modules', dependency)
    mkdirSync(dirname(link), { recursive: true })
    symlinkSync(join(root, 'node_modules', dependency), link, 'dir')
  }
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'packed-project', private: true }))
  return {
    folder,
    write: (file, content) => {
      mkdirSync(dirname(join(folder, file)), { recursive: true })
      writeFileSync(join(folder, file), content)
    },
    run: (command, args) =>
      execFileSync(command, args, { cwd: folder, encoding: 'utf8', timeout: 120_000, env: { ...process.env, NODE_OPTIONS: '' } }),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  }
}
