// `npm start`: build the site, then serve the production build with demo data
// on the embedded database and every outside service simulated.
import { spawnSync, spawn } from "node:child_process";

const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
if (built.status !== 0) process.exit(built.status ?? 1);

const server = spawn(process.execPath, ["build/server-main.js"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
