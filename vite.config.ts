import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { trimBundle } from './scripts/vite-trim.ts';

/**
 * Writes a .br and a .gz beside every text asset of the build: the server sends them
 * (@fastify/static preCompressed) without compressing on each request.
 */
function precompress(outDir: string): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'precompress',
    apply: 'build',
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => /\.(js|mjs|css|html|svg|json|txt|map)$/.test(f));
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          const body = await readFile(path);
          if (body.length < 1024) return;
          const [b, g] = await Promise.all([
            br(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            gz(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, b), writeFile(`${path}.gz`, g)]);
        }),
      );
    },
  };
}

// The client is served by the API server from dist/web in production; in dev, Vite
// proxies the API and the socket to the server on port 3000 (API_TARGET overrides).
const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
};

// WEB_DIST moves the build elsewhere, so that two end-to-end runs on one machine don't
// overwrite each other's client (the server reads the same variable).
const outDir = process.env.WEB_DIST || 'dist/web';

export default defineConfig({
  plugins: [trimBundle(), react(), precompress(outDir)],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page runs first (React, the router, emotion, i18next, MUI's styling engine
          // and the base its components share: ButtonBase, Typography, SvgIcon, transitions) in one
          // file instead of a dozen that vary with the pages' imports: fewer requests, each file
          // compressed as a whole. The sign-in page needs (nearly) all of it.
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@emotion[\\/][^\\/]+|stylis|i18next|react-i18next|react-transition-group|@mui[\\/]material[\\/]node_modules[\\/]@mui[\\/][^\\/]+|@mui[\\/]material[\\/](styles|utils|internal|zero-styled|DefaultPropsProvider|ButtonBase|Typography|SvgIcon|Box|transitions|colors|CssBaseline|GlobalStyles|useMediaQuery))[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy,
  },
  preview: { port: 4173, proxy },
});
