import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The renderer is one static bundle served by the headless host (http) or by the Electron app
// through its app:// protocol. Relative base so both hosts can serve it from any path.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
});
