import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The API server `npm start` runs; API_PROXY_TARGET points the dev server elsewhere.
const apiTarget = process.env.API_PROXY_TARGET ?? "http://127.0.0.1:3000";
const proxy = {
  "/api": { target: apiTarget, changeOrigin: false },
  "/dev": { target: apiTarget, changeOrigin: false },
};

const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      // Two pages: the single-page app, and the static map page the server serves at /map.
      input: { main: page("./index.html"), map: page("./map.html") },
    },
  },
});
