import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * The Node version the README and `engines` promise must be one every installed package
 * accepts: a dependency that asks for a newer Node than ours is either pinned to a release
 * that runs on ours or the promise changes (README, Installing).
 */
const root = resolve(import.meta.dirname, '../../..');

function packageDirs(nodeModules: string): string[] {
  if (!existsSync(nodeModules)) return [];
  const dirs: string[] = [];
  for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(nodeModules, entry.name);
    if (entry.name.startsWith('@')) {
      for (const scoped of readdirSync(path, { withFileTypes: true })) {
        if (scoped.isDirectory()) dirs.push(join(path, scoped.name));
      }
    } else if (entry.isDirectory()) {
      dirs.push(path);
    }
  }
  return dirs.flatMap((dir) => [dir, ...packageDirs(join(dir, 'node_modules'))]);
}

describe('Node version', () => {
  const ours = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
  const oldest = semver.minVersion(ours.engines.node) ?? '';

  it('is one the running Node satisfies', () => {
    expect(semver.satisfies(process.version, ours.engines.node)).toBe(true);
  });

  it('is accepted by every installed package that names one', () => {
    expect(oldest).not.toBe('');
    const refusing: string[] = [];
    let named = 0;
    for (const dir of packageDirs(join(root, 'node_modules'))) {
      const file = join(dir, 'package.json');
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string; engines?: { node?: unknown } };
      const wanted = pkg.engines?.node;
      if (typeof wanted !== 'string') continue;
      named += 1;
      if (!semver.satisfies(oldest, wanted)) refusing.push(`${pkg.name}@${pkg.version} wants Node ${wanted}`);
    }
    expect(named).toBeGreaterThan(50);
    expect(refusing).toEqual([]);
  });
});
