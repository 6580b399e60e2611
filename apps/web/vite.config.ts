import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type ProxyOptions, type Rollup } from 'vite';
import { Paths } from '../../packages/shared/src/paths';
import { callPathsModule } from './src/build/callPaths';
import {
  type BundleChunk,
  deepLinkPreloadScript,
  filesBeyondStartUp,
  pageFiles,
  STOCK_DETAIL_CALL,
} from './src/build/deepLinkPreload';
import { HOME_CHUNK_NAME, homePreloadLinks, isHomeChunkModule, missingHomeModules } from './src/build/homeChunk';
import { PREACT_ALIASES } from './src/build/preactAliases';
import { htmlScripts, type ManifestChunk, SHELL_PUBLIC_FILES, shellFiles, shellVersion } from './src/build/shellFiles';
import { trimIconSource } from './src/build/trimIcons';

/** The app server (apps/server) during development and preview. */
const API_TARGET = 'http://127.0.0.1:3000';

const proxy: Record<string, ProxyOptions> = {
  '^/.*\\.htmls': { target: API_TARGET, changeOrigin: true },
  '/healthz': { target: API_TARGET, changeOrigin: true },
  '/files': { target: API_TARGET, changeOrigin: true },
  '/openapi.json': { target: API_TARGET, changeOrigin: true },
  '/chat': { target: API_TARGET, changeOrigin: true, ws: true },
  // The sandbox's cashier page (and its Alipay gateway), where the cashier sends a payment in development.
  '/pay/sandbox': { target: API_TARGET, changeOrigin: true },
};

/**
 * The service worker must be a script at the site root (its scope is the whole app) and must not ride
 * in the start-up bundle, so it is built on its own, after the app, to dist/sw.js, with the list of
 * the app shell's files it keeps for offline launches read from the app's build manifest.
 */
function serviceWorker(): Plugin {
  let outDir = 'dist';
  return {
    name: 'metal-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const manifest = JSON.parse(await readFile(`${outDir}/.vite/manifest.json`, 'utf8')) as Record<
        string,
        ManifestChunk
      >;
      // index.html's own scripts besides the entry (the deep link preload) are not in the manifest.
      const html = await readFile(`${outDir}/index.html`, 'utf8');
      const files = shellFiles(manifest, htmlScripts(html));
      await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        define: {
          __SHELL_FILES__: JSON.stringify(files),
          __SHELL_VERSION__: JSON.stringify(shellVersion(files)),
          __SHELL_PUBLIC_FILES__: JSON.stringify(SHELL_PUBLIC_FILES),
        },
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

/** The bundle's chunks, with what the build-time helpers read of them. */
function bundleChunks(bundle: Rollup.OutputBundle) {
  return Object.values(bundle).filter((item): item is BundleChunk & Rollup.OutputChunk => item.type === 'chunk');
}

/** index.html as the bundle holds it, for a plugin that runs after Vite wrote it (enforce: 'post'). */
function indexHtml(bundle: Rollup.OutputBundle): Rollup.OutputAsset {
  const html = bundle['index.html'];
  if (html?.type !== 'asset') throw new Error('index.html is not in the bundle yet');
  return html;
}

/**
 * A shared link to a listing asks for its page's files and its data from index.html, beside the start-up chunk
 * (src/build/deepLinkPreload.ts), instead of once the start-up code has run. Other launches load
 * nothing more than the small script.
 */
function deepLinkPreload(): Plugin {
  return {
    name: 'metal-deep-link-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = bundleChunks(bundle);
      const source = deepLinkPreloadScript(
        Paths.stockDetail,
        pageFiles(chunks, 'src/features/stocks/pages/StockDetailPage.tsx'),
        STOCK_DETAIL_CALL,
      );
      const fileName = `assets/deep-link-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      const html = indexHtml(bundle);
      const entry = '<script type="module"';
      if (!String(html.source).includes(entry)) throw new Error('index.html has no module script');
      // Async: it runs as soon as it arrives, and holds up nothing else.
      html.source = String(html.source).replace(entry, `<script async src="/${fileName}"></script>\n    ${entry}`);
    },
  };
}

/**
 * The home chunk (src/build/homeChunk.ts): index.html asks for its files beside the start-up chunk, and
 * the build fails when a module it should hold went elsewhere (e.g. after a rename).
 */
function homeChunkPreload(): Plugin {
  return {
    name: 'metal-home-chunk-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = bundleChunks(bundle);
      const home = chunks.find((chunk) => chunk.name === HOME_CHUNK_NAME && !chunk.isEntry);
      if (!home) throw new Error(`the build has no ${HOME_CHUNK_NAME} chunk`);
      const missing = missingHomeModules(home.moduleIds);
      if (missing.length > 0) throw new Error(`not in the ${HOME_CHUNK_NAME} chunk: ${missing.join(', ')}`);
      const html = indexHtml(bundle);
      const closing = '</head>';
      html.source = String(html.source).replace(
        closing,
        `  ${homePreloadLinks(filesBeyondStartUp(chunks, home))}\n  ${closing}`,
      );
    },
  };
}

/** The shared package's call catalogue, which the web build replaces with the calls' paths (callPaths.ts). */
const SHARED_SRC = fileURLToPath(new URL('../../packages/shared/src', import.meta.url));

function callPathsOnly(): Plugin {
  const catalogue = `${SHARED_SRC}/calls.ts`;
  return {
    name: 'metal-call-paths-only',
    apply: 'build',
    load(id) {
      return id === catalogue ? callPathsModule(SHARED_SRC) : null;
    },
  };
}

export default defineConfig({
  plugins: [react(), serviceWorker(), trimIcons(), callPathsOnly(), homeChunkPreload(), deepLinkPreload()],
  resolve: { alias: PREACT_ALIASES },
  build: {
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically goes in one chunk: left to itself the bundler cut
          // the start-up code into some seventeen files (each piece a lazy page also uses apart), and
          // on a phone network every file costs a round trip on one of six connections, whatever its size.
          groups: [
            { name: 'startup', tags: ['$initial'] },
            // The home route's lazy modules and what they import besides: src/build/homeChunk.ts says why.
            { name: HOME_CHUNK_NAME, test: isHomeChunkModule },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
