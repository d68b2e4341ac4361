/* global process, console */
/**
 * Completes package-lock.json with the platform-specific optional packages (native builds for other
 * operating systems and processors) that the lock must list for `npm ci` to accept it, but that a registry
 * mirror without those builds never resolves: npm then writes a lock that only `npm install` accepts.
 *
 * For every locked package with `optionalDependencies`, each missing one is added with the parent's pinned
 * version, `optional: true` and the `os`/`cpu`/`libc` its name states, so npm skips it on other platforms
 * without fetching it, and installs it (from the registry, by name and version) where it applies.
 *
 * Plain JavaScript, no dependency: it runs when `npm ci` cannot. Run after any dependency change: `node scripts/lock-platforms.mjs` (then `npm ci` must pass).
 */
import fs from 'node:fs';
import path from 'node:path';

const OS = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony'];
const CPU = {
  arm64: 'arm64', aarch64: 'arm64', x64: 'x64', ia32: 'ia32', arm: 'arm', ppc64: 'ppc64', ppc64le: 'ppc64',
  s390x: 's390x', riscv64: 'riscv64', loong64: 'loong64', mips64el: 'mips64el', wasm32: 'wasm32',
};

/** `os`, `cpu` and `libc` from a platform package's name, e.g. `@swc/core-linux-arm-gnueabihf`. */
export function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  if (!os || !cpu) return undefined;
  const libc = os === 'linux' ? (parts.some((p) => p.startsWith('musl')) ? ['musl'] : parts.some((p) => p.startsWith('gnu')) ? ['glibc'] : undefined) : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc } : {}) };
}

const lockPath = path.resolve(process.argv[2] ?? 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
let added = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = location ? `${location}/node_modules/${dep}` : `node_modules/${dep}`;
    if (lock.packages[base] || lock.packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+/.test(range)) continue;
    lock.packages[`node_modules/${dep}`] = { version: range, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
    added++;
  }
}
const sorted = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync(lockPath, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(`${added} platform package(s) added to ${path.relative(process.cwd(), lockPath)}`);
