import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

/** The app server (apps/server) during development and preview. */
const API_TARGET = 'http://127.0.0.1:3000';

const proxy: Record<string, ProxyOptions> = {
  '^/.*\\.htmls': { target: API_TARGET, changeOrigin: true },
  '/healthz': { target: API_TARGET, changeOrigin: true },
  '/files': { target: API_TARGET, changeOrigin: true },
  '/openapi.json': { target: API_TARGET, changeOrigin: true },
  '/chat': { target: API_TARGET, changeOrigin: true, ws: true },
};

export default defineConfig({
  plugins: [react()],
  build: {
    manifest: true,
    target: 'es2022',
  },
  server: { proxy },
  preview: { proxy },
});
