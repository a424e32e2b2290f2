// The page lives in web/ and builds into dist/: relative URLs, so dist/ works from any folder of any host.
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  build: {
    outDir: '../dist', emptyOutDir: true, target: 'es2022',
    // Two pages: the walkthrough and the labs ("Beyond the pipeline").
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        labs: fileURLToPath(new URL('./labs.html', import.meta.url)),
        exercises: fileURLToPath(new URL('./exercises.html', import.meta.url)),
      },
    },
  },
});
