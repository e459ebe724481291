// The production server's entry (copied to <build>/server-main.js by
// scripts/build-server.mjs). The resolve hook must be in place before the
// first import of react-router, so the bundle itself is imported after it.
import { register } from "node:module";

register("./production-resolve.mjs", import.meta.url);
await import("./server-app.js");
