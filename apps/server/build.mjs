/**
 * The production build of the server: one ES module, dist/main.js, that plain `node`
 * runs. esbuild bundles src/main.ts with the workspace packages it imports (@pos/*, read
 * as TypeScript sources) and the migrations; npm packages stay outside the bundle and
 * load from node_modules at run time, as they would under tsx (so PGlite finds its wasm
 * and data files beside its own code). A source map points stack traces at the sources.
 *
 * `node build.mjs [entry] [outfile]` bundles another entry the same way (a test proves
 * with it that code of the server, e.g. the price tags' PDF, runs once bundled).
 */
import { build } from 'esbuild';

/** Bare imports other than @pos/* are npm packages (or node: builtins): left to node. */
const npmPackagesOutside = {
  name: 'npm-packages-outside',
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, ({ path }) => (path.startsWith('@pos/') ? undefined : { path, external: true }));
  },
};

const [entry = 'src/main.ts', outfile = 'dist/main.js'] = process.argv.slice(2);

await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [npmPackagesOutside],
  logLevel: 'warning',
});
