import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

/** The app server (apps/server) during development and preview. */
const API_TARGET = 'http://127.0.0.1:3000';

const proxy: Record<string, ProxyOptions> = {
  '^/.*\\.htmls': { target: API_TARGET, changeOrigin: true },
};

export default defineConfig({
  // The server serves the built console at /console/ (the web app keeps /).
  base: '/console/',
  plugins: [react()],
  build: { target: 'es2022', chunkSizeWarningLimit: 1500 },
  server: { port: 5174, proxy },
  preview: { proxy },
});
