import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    // Our CSS is small; one stylesheet per route keeps the critical path short.
    cssCodeSplit: true,
  },
});
