import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The browser app: built into dist/web and served by the API process at `/`. */
export default defineConfig({
  plugins: [react()],
  root: '.',
  build: { outDir: 'dist/web', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 2000 },
  server: {
    port: 5173,
    proxy: { '/loyalty': { target: `http://127.0.0.1:${process.env.PORT ?? 8080}`, changeOrigin: false } },
  },
});
