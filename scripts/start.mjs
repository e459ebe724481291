// `npm start`: build the site, then serve the production build with demo data
// on the embedded database and every outside service simulated.
import { spawnSync, spawn } from "node:child_process";

const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
if (built.status !== 0) process.exit(built.status ?? 1);

// BUILD_DIR as the build used it (react-router.config.ts), so `BUILD_DIR=x npm start` serves what it built.
const server = spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/server-main.js`], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
