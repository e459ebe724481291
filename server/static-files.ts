import fs from "node:fs";
import path from "node:path";
import express, { type Router } from "express";
import { NONCE_PLACEHOLDER } from "#app/context";
import { precompressedAssets } from "./precompressed-assets";

/**
 * Files from the client build. Hashed assets never change under their name and
 * are cached for a year as immutable (sent precompressed where the build made
 * a .br or .gz); everything else is revalidated.
 */
export function clientBuildFiles(clientDir: string): Router {
  const router = express.Router();
  router.use("/assets", precompressedAssets(path.join(clientDir, "assets")));
  router.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      fallthrough: false,
    }),
  );
  const rootFiles = express.static(clientDir, {
    index: false,
    redirect: false,
    setHeaders(res, filePath) {
      if (filePath.endsWith(".data")) {
        // Route data of pre-rendered pages, read by React Router's client.
        res.setHeader("Content-Type", "text/x-script; charset=utf-8");
      }
      res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
    },
  });
  // Every file the client build writes has an extension and no page's address has one:
  // a page request goes on without a file-system lookup (a stat per page view otherwise).
  router.use((req, res, next) => (path.extname(req.path) === "" ? next() : rootFiles(req, res, next)));
  return router;
}

/**
 * Pre-rendered pages, read once at boot. Each response gets its own CSP nonce
 * in place of the build-time placeholder (server/prerendered-responses.ts).
 */
export function loadPrerenderedPages(clientDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== path.join(clientDir, "assets")) walk(full);
      } else if (entry.name === "index.html") {
        const relative = path.relative(clientDir, path.dirname(full)).split(path.sep).join("/");
        pages.set(relative === "" ? "/" : `/${relative}`, fs.readFileSync(full, "utf8"));
      }
    }
  };
  if (fs.existsSync(clientDir)) walk(clientDir);
  return pages;
}

export function withNonce(html: string, nonce: string): string {
  return html.split(NONCE_PLACEHOLDER).join(nonce);
}
