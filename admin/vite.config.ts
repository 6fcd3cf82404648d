/**
 * The staff console (`npm run build:admin` → dist/admin, served by the server at /admin; `npm run dev:admin`
 * for a hot-reloading copy beside a running server). Each screen is its own chunk (src/routes.tsx); antd,
 * the pro components and ECharts are split out so a screen's chunk holds only its own code.
 */
import fs from 'node:fs'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { precompress, worthCompressing } from '../config/precompress'

const OUT_DIR = path.resolve(__dirname, '..', 'dist', 'admin')

/** Writes .br and .gz beside the built assets, as the H5 build does. */
function precompressed(): Plugin {
  return {
    name: 'precompressed',
    apply: 'build',
    async writeBundle(options, bundle) {
      await Promise.all(
        Object.keys(bundle)
          .map((name) => path.join(options.dir ?? OUT_DIR, name))
          .filter((file) => worthCompressing(file, fs.statSync(file).size))
          .map(async (file) => {
            const { br, gz } = await precompress(fs.readFileSync(file))
            fs.writeFileSync(`${file}.br`, br)
            fs.writeFileSync(`${file}.gz`, gz)
          }),
      )
    },
  }
}

const SERVER = process.env.ADMIN_DEV_SERVER ?? 'http://localhost:3000'

export default defineConfig({
  root: __dirname,
  base: '/admin/',
  plugins: [react(), precompressed()],
  resolve: { alias: { '@contract': path.resolve(__dirname, '..', 'src', 'contract') } },
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
  },
  server: { proxy: { '/api': SERVER, '/dev': SERVER, '/uploads': SERVER } },
})
