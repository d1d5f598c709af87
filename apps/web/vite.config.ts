import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { sandboxOutOfEntry, serviceWorker } from "./sw/plugin";

// The API server `npm start` runs; API_PROXY_TARGET points the dev server elsewhere.
const apiTarget = process.env.API_PROXY_TARGET ?? "http://127.0.0.1:3000";
const proxy = {
  // ws: the live channel (/api/v1/live) is a WebSocket.
  "/api": { target: apiTarget, changeOrigin: false, ws: true },
  "/dev": { target: apiTarget, changeOrigin: false },
  "/map-data": { target: apiTarget, changeOrigin: false },
};

/** In development, /map opens the map page as the server does in production. */
const mapPage: Plugin = {
  name: "map-page",
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url === "/map" || req.url?.startsWith("/map?")) req.url = req.url.replace("/map", "/map.html");
      next();
    });
  },
};

const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig({
  plugins: [react(), mapPage, sandboxOutOfEntry(), serviceWorker()],
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
