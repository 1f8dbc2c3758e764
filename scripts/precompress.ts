import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text, and WebAssembly (the QR decoder), which shrinks by two thirds. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|wasm|txt)$/;
/** Below this, the compressed copy saves less than a packet. */
export const PRECOMPRESS_MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/**
 * Writes a .br (brotli, best quality) and a .gz (gzip level 9) copy beside each compressible
 * built file, once per build, so the server sends them as they are (`@fastify/static`'s
 * `preCompressed`) instead of compressing the same bytes on every request.
 */
export function precompressBuild(): Plugin {
  let outDir = 'dist';
  return {
    name: 'guard-console:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < PRECOMPRESS_MIN_BYTES) continue;
        const brotli = brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        const gzip = gzipSync(content, { level: 9 });
        if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}
