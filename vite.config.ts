import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

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

export default defineConfig({
  plugins: [react(), tailwindcss(), zodWithoutEval()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  // Source maps for error reports, without the comment that would point browsers at them; the
  // server never serves *.map files.
  build: { outDir: 'dist', sourcemap: 'hidden' },
});
