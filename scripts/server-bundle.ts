// The server's code bundled by esbuild (as tsx compiles it), for the processes that start it many
// times: a start then loads one file instead of tsx compiling the server's modules (about 3.2 s of
// CPU a start under tsx, 1.3 s bundled, on this machine). Used by the server benchmark's child
// (scripts/server-bench/processes.ts) and the server's process tests (tests/server/process.test.ts).
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

// Packages are imported from this repository's node_modules by their resolved file URLs.
const PACKAGES_BY_URL: Plugin = {
  name: 'packages-by-url',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path }) => ({
      path: path.startsWith('node:') ? path : import.meta.resolve(path),
      external: true,
    }));
  },
};
/**
 * The server's code version (src/server/code-version.ts) is a digest of the sources beside its
 * module: in the bundle, a file in a temporary folder with no sources beside it, so it was a
 * random one per process and no process used the answers another kept (the bench's cold runs
 * before 2026-11-30). Each source file's own URL in its place, as tsx and `npm start` run it.
 */
const SOURCE_URLS: Plugin = {
  name: 'source-urls',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return {
        contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
        loader: 'ts',
      };
    });
  },
};

/**
 * Bundles `entry` into one `.mjs` file (`outfile`), or into `outdir` with its dynamic imports
 * kept as chunks of their own, loaded only when the code asks for them (`src/server/main.ts`
 * answers --help without loading the server).
 */
export async function bundleServer(
  entry: string,
  out: { outfile: string } | { outdir: string },
): Promise<void> {
  await build({
    entryPoints: [entry],
    ...('outdir' in out
      ? { outdir: out.outdir, splitting: true, outExtension: { '.js': '.mjs' } }
      : { outfile: out.outfile }),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node}`,
    plugins: [PACKAGES_BY_URL, SOURCE_URLS],
    logLevel: 'warning',
  });
}
