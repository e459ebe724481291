/**
 * The second floor of `npm run bench:pages`: a blank React Router 7 app in
 * framework mode – one route rendering a small page on the server, served by
 * Express 5 through @react-router/express, as ours is – written and built by
 * the benchmark itself from the project's own installed packages (so the
 * React, React Router and Express versions are ours), and run in a process of
 * its own. What our pages rendered per visitor cost beyond it is the site's
 * own work: the layout, the loaders, the middleware.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** The project's installed version of a package (the blank app declares them so React Router picks its Node entry, as a new app's template does). */
function installed(projectDir: string, name: string): string {
  return (JSON.parse(fs.readFileSync(path.join(projectDir, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
}

const DEPENDENCIES = ["react", "react-dom", "react-router", "@react-router/node", "@react-router/express", "express", "isbot"];

const files = (projectDir: string): Record<string, string> => ({
  "package.json": JSON.stringify(
    { name: "blank-react-router-app", private: true, type: "module", dependencies: Object.fromEntries(DEPENDENCIES.map((name) => [name, installed(projectDir, name)])) },
    null,
    2,
  ),
  // The JSX transform React Router's templates use (esbuild reads it from here).
  "tsconfig.json": JSON.stringify({ compilerOptions: { jsx: "react-jsx", module: "ESNext", target: "ES2022", moduleResolution: "Bundler" } }, null, 2),
  // The same future flags as ours (react-router.config.ts), so that both run the same code paths.
  "react-router.config.ts": `export default {
  ssr: true,
  buildDirectory: "build",
  future: { v8_middleware: true, v8_splitRouteModules: true, v8_viteEnvironmentApi: false, v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: true },
};
`,
  "vite.config.ts": `import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
export default defineConfig({ plugins: [reactRouter()], logLevel: "warn" });
`,
  "app/root.tsx": `import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="sv">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}
export default function App() {
  return <Outlet />;
}
`,
  "app/routes.ts": `import { index, type RouteConfig } from "@react-router/dev/routes";
export default [index("routes/home.tsx")] satisfies RouteConfig;
`,
  "app/routes/home.tsx": `export function meta() {
  return [{ title: "En tom sida" }];
}
export function loader() {
  return { greeting: "Hej" };
}
export default function Home({ loaderData }: { loaderData: { greeting: string } }) {
  return (
    <main>
      <h1>{loaderData.greeting}!</h1>
      <p>En liten sida som renderas på servern för varje besökare.</p>
    </main>
  );
}
`,
  "server.mjs": `import express from "express";
import { createRequestHandler } from "@react-router/express";
const build = await import("./build/server/index.js");
const app = express();
app.disable("x-powered-by");
app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
app.use(express.static("build/client", { maxAge: "1h" }));
app.all("/{*splat}", createRequestHandler({ build, mode: "production" }));
const server = app.listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write("ready\\n"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
`,
});

/**
 * Writes the blank app into `dir` (inside the project, so that its imports
 * resolve to the project's node_modules) and builds it with the project's
 * `react-router build`. Returns the directory.
 */
export async function buildBlankApp(projectDir: string, dir: string): Promise<string> {
  fs.rmSync(dir, { recursive: true, force: true });
  for (const [file, text] of Object.entries(files(projectDir))) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const cli = path.join(projectDir, "node_modules", "@react-router", "dev", "bin.js");
  const child = spawn(process.execPath, [cli, "build"], { cwd: dir, stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, NODE_ENV: "production" } });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`building the blank React Router app failed (exit status ${code ?? "signal"})`);
  return dir;
}

/** Starts the built blank app on `port` in its own process (production mode); resolves once it listens. */
export async function startBlankApp(dir: string, port: number): Promise<{ url: string; stop: () => void }> {
  const child: ChildProcess = spawn(process.execPath, ["server.mjs"], {
    cwd: dir,
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`the blank React Router app exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}
