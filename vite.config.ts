import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('./src/web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  build: {
    outDir,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and the UI libraries change rarely: a separate chunk stays cached across app releases.
        codeSplitting: {
          groups: [
            {
              name: (id: string) =>
                /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id)
                  ? 'react'
                  : id.includes('node_modules')
                    ? 'vendor'
                    : null,
              debugName: 'react-and-vendor',
            },
          ],
        },
      },
    },
  },
  server: { port: 5000, strictPort: true },
});
