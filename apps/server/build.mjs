/**
 * The production build of the server: one ES module, dist/main.js, that plain `node`
 * runs. esbuild bundles src/main.ts with the workspace packages it imports (@pos/*, read
 * as TypeScript sources) and the migrations; npm packages stay outside the bundle and
 * load from node_modules at run time, as they would under tsx (so PGlite finds its wasm
 * and data files beside its own code). A source map points stack traces at the sources.
 *
 * `node build.mjs [entry] [outfile]` bundles another entry the same way (a test proves
 * with it that code of the server, e.g. the price tags' PDF, runs once bundled). Without
 * arguments it also writes dist/pglite-image.tar.gz, the migrated empty embedded database
 * a first start copies (src/db-image.ts, main.ts).
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

/** Bare imports other than @pos/* are npm packages (or node: builtins): left to node. */
const npmPackagesOutside = {
  name: 'npm-packages-outside',
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, ({ path }) => (path.startsWith('@pos/') ? undefined : { path, external: true }));
  },
};

const [entry = 'src/main.ts', outfile = 'dist/main.js'] = process.argv.slice(2);

const bundle = (entryPoint, out, sourcemap) =>
  build({
    entryPoints: [entryPoint],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap,
    plugins: [npmPackagesOutside],
    logLevel: 'warning',
  });

await bundle(entry, outfile, true);

// The server's own build also makes the migrated empty database a first start copies
// (dist/pglite-image.tar.gz, read by main.ts): made here once, not on a user's machine.
if (process.argv.length <= 2) {
  await bundle('src/db-image.ts', 'dist/db-image.js', false);
  execFileSync(process.execPath, ['dist/db-image.js', 'dist/pglite-image.tar.gz'], { stdio: 'inherit' });
  rmSync('dist/db-image.js');
}
