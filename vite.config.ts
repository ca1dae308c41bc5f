import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';

/**
 * zod compiles object validators with `new Function` when it can, and probes whether it can by
 * calling `Function('')`. Under the server's content security policy (no 'unsafe-eval') the probe
 * fails harmlessly but is still reported as a violation, so the built app runs zod without the
 * compiler (`jitless`), set where zod creates its global config, before any schema exists.
 */
function zodWithoutEval(): Plugin {
  return {
    name: 'pathshala:zod-without-eval',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      return { code: `${code}\nglobalConfig.jitless = true;\n`, map: null };
    },
  };
}

/**
 * The installable app: a manifest and a service worker that precaches the built app
 * (the page, every chunk, stylesheet, font and icon), so it opens with no network. A new build is
 * taken as a whole: the waiting worker holds the new files until the user chooses "Reload to
 * update" (src/ui/app-update.tsx), so a page never mixes old and new chunks. API answers are
 * never cached by the worker: /api is neither precached nor answered with the app's page.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['icons/icon.svg', 'icons/apple-touch-icon.png'],
  manifest: {
    name: 'Pathshala',
    short_name: 'Pathshala',
    description: 'School management portal: attendance, marks, routines, notices',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#f8fafc',
    theme_color: '#4338ca',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  },
  workbox: {
    // woff2 only: every browser with service workers reads it (the .woff files are CSS fallbacks).
    globPatterns: ['**/*.{js,css,html,woff2,svg,png,webmanifest}'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/],
    cleanupOutdatedCaches: true,
    sourcemap: false,
    // The Bangla font's files are the largest precached ones (about 0.1 MB each).
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

/**
 * The sign-in screen's chunk and what it imports, announced in index.html (modulepreload), so a
 * signed-out visitor's browser fetches them with the entry instead of after running it: on a slow
 * phone each later wave is a round trip and a download more (bench/slow-phone.ts). A few KB.
 */
function preloadSignIn(): Plugin {
  return {
    name: 'pathshala:preload-sign-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const signIn = Object.values(bundle).find(
          (c) =>
            c.type === 'chunk' && !!c.facadeModuleId?.replace(/\\/g, '/').endsWith('/src/screens/auth/sign-in.tsx'),
        );
        if (!signIn) throw new Error('preloadSignIn: no chunk for src/screens/auth/sign-in.tsx');
        const files = new Set<string>();
        const visit = (name: string) => {
          const c = bundle[name];
          if (files.has(name) || !c || c.type !== 'chunk') return;
          files.add(name);
          c.imports.forEach(visit);
        };
        visit(signIn.fileName);
        return [...files]
          .filter((f) => !html.includes(`/${f}"`))
          .map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * Each text file of the build also as .br and .gz beside it, made once at build time at the
 * strongest settings; the server sends the one the browser takes (server/app.ts, `preCompressed`).
 * The entry goes 346 KB -> ~100 KB over a phone's link. Source maps are never served.
 */
const precompressed = compression({
  algorithms: ['brotliCompress', 'gzip'],
  include: /\.(html|css|js|mjs|json|svg|webmanifest)$/,
  exclude: /\.map$/,
  threshold: 1024,
});

export default defineConfig({
  plugins: [react(), tailwindcss(), zodWithoutEval(), preloadSignIn(), pwa, precompressed],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  // Source maps for error reports, without the comment that would point browsers at them; the
  // server never serves *.map files.
  build: { outDir: 'dist', sourcemap: 'hidden' },
});
