import fs from "node:fs";
import type { RequestHandler } from "express";

/**
 * `/favicon.ico`, which browsers ask for on every page that names no icon –
 * the simulators' pages, a PDF, an error page served without React Router.
 * Our pages name /favicon.svg; this is the same mark as an ICO file holding
 * the 48 px PNG icon (an ICO may carry a PNG image as it is).
 */
export function icoFromPng(png: Buffer): Buffer {
  if (png.length < 24 || png.toString("ascii", 1, 4) !== "PNG") throw new Error("not a PNG image");
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(width >= 256 ? 0 : width, 6);
  header.writeUInt8(height >= 256 ? 0 : height, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(header.length, 18);
  return Buffer.concat([header, png]);
}

export function faviconIco(pngPath: string): RequestHandler {
  let ico: Buffer | null = null;
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (!ico) {
      if (!fs.existsSync(pngPath)) return next();
      ico = icoFromPng(fs.readFileSync(pngPath));
    }
    res.setHeader("Content-Type", "image/x-icon");
    res.setHeader("Cache-Control", "public, max-age=86400");
    res.send(ico);
  };
}
