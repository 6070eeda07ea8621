import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { firstPaintScript } from "./firstPaintScript.ts";
import { zodWithoutJsonSchema } from "./zodWithoutJsonSchema.ts";

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

// One build, two pages with content-hashed assets: the website (index.html) and the Discord
// Activity (activity.html, whose entry lives in activity/); the server picks one per request.
export default defineConfig({
  plugins: [react(), firstPaintScript(page("first-paint.js")), zodWithoutJsonSchema()],
  build: {
    rollupOptions: {
      input: { index: page("index.html"), activity: page("activity.html") },
      // building a zod schema has no effect outside it: a schema no page reads stays out of the bundle
      treeshake: { manualPureFunctions: ["z"] },
    },
  },
  server: {
    proxy: { "/api": { target: "http://localhost:3000", ws: true } },
  },
});
