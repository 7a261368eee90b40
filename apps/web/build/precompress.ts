import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files under assets/: the scripts, styles and images the pages load. */
const COMPRESSIBLE = /^assets\/.+\.(js|css|svg|json)$/;
/** Below this a compressed copy saves less than the extra response headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a Brotli (.br) and gzip (.gz) copy beside every hashed text asset, at the highest levels:
 * the server sends them as they are (@fastify/static's preCompressed), so a phone downloads a
 * quarter of the bytes and the server spends no CPU compressing the same file on every request.
 */
export function precompressAssets(outDir: string): Plugin {
  return {
    name: 'precompress-assets',
    apply: 'build',
    async writeBundle(_options, bundle) {
      const files = Object.values(bundle).filter((file) => COMPRESSIBLE.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const source = Buffer.from(file.type === 'chunk' ? file.code : file.source);
          if (source.byteLength < MIN_BYTES) return;
          const path = join(outDir, file.fileName);
          const [br, gzipped] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
              },
            }),
            gz(source, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
        }),
      );
    },
  };
}
