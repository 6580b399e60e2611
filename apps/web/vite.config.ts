import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { trimIconSource } from './src/build/trimIcons';

/** The app server (apps/server) during development and preview. */
const API_TARGET = 'http://127.0.0.1:3000';

const proxy: Record<string, ProxyOptions> = {
  '^/.*\\.htmls': { target: API_TARGET, changeOrigin: true },
  '/healthz': { target: API_TARGET, changeOrigin: true },
  '/files': { target: API_TARGET, changeOrigin: true },
  '/openapi.json': { target: API_TARGET, changeOrigin: true },
  '/chat': { target: API_TARGET, changeOrigin: true, ws: true },
};

/**
 * The push service worker must be a script at the site root (its scope is the whole app) and must
 * not ride in the start-up bundle, so it is built on its own, after the app, to dist/sw.js.
 */
function serviceWorker(): Plugin {
  let outDir = 'dist';
  return {
    name: 'metal-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        build: {
          outDir,
          emptyOutDir: false,
          target: 'es2022',
          lib: {
            entry: fileURLToPath(new URL('./src/sw/service-worker.ts', import.meta.url)),
            formats: ['iife'],
            name: 'metalServiceWorker',
            fileName: () => 'sw.js',
          },
        },
      });
    },
  };
}

function trimIcons(): Plugin {
  return {
    name: 'metal-trim-icons',
    apply: 'build',
    transform(code, id) {
      return /antd-mobile-icons[\\/]es[\\/]\w+\.js$/.test(id) ? { code: trimIconSource(code), map: null } : null;
    },
  };
}

export default defineConfig({
  plugins: [react(), serviceWorker(), trimIcons()],
  build: {
    manifest: true,
    target: 'es2022',
  },
  server: { proxy },
  preview: { proxy },
});
