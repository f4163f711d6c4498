import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The client is served by the API server from dist/web in production; in dev, Vite
// proxies the API and the socket to the server on port 3000 (API_TARGET overrides).
const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
};

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy,
  },
  preview: { port: 4173, proxy },
});
