// Compiles the server to JavaScript in apps/server/dist: one ESM bundle per entry point, the
// workspace packages (whose exports are .ts sources) bundled in, every npm package left to
// node_modules. `npm run build -w @app/server`; `npm start` runs it when the sources changed.
//
// One rule for files the code finds through import.meta.url: they resolve from the bundle as from
// the source. The output folder sits at src/'s depth inside apps/server (config.ts's repository
// root is three levels up from both), node_modules are found by walking up as before
// (createRequire), and what a module reads from beside itself is copied beside the bundle (the
// migrations).
import { cpSync, rmSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const serverDir = dirname(fileURLToPath(import.meta.url));

/** What operators run, as <outdir>/<name>.js. A new command is one line here. */
const ENTRY_POINTS = {
  main: 'src/main.ts',
  'create-staff': 'src/modules/admin/create-staff.ts',
  'check-ledger': 'src/modules/credits/check-ledger.ts',
  'copy-to-s3': 'src/platform/storage/copy-to-s3.ts',
};

/** Folders read at run time beside a module (src/<from>), copied beside the bundle (<outdir>/<to>). */
const RUNTIME_FOLDERS = [{ from: 'db/migrations', to: 'migrations' }];

/** Keeps npm packages and Node's built-ins out of the bundle; the workspace packages are source and go in. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
    );
  },
};

const { values } = parseArgs({ options: { outdir: { type: 'string', default: 'dist' } } });
const outdir = resolve(serverDir, values.outdir);
if (dirname(outdir) !== serverDir) {
  throw new Error(`--outdir must be a folder directly inside apps/server (src/'s depth), not ${outdir}`);
}

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: serverDir,
  entryPoints: ENTRY_POINTS,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
for (const { from, to } of RUNTIME_FOLDERS) {
  cpSync(resolve(serverDir, 'src', from), resolve(outdir, to), { recursive: true });
}
process.stderr.write(
  `server built: ${Object.keys(ENTRY_POINTS)
    .map((name) => `${basename(outdir)}/${name}.js`)
    .join(', ')}\n`,
);
