import crypto from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";

/**
 * A fresh nonce per response, and an enforced Content-Security-Policy that only
 * runs scripts carrying it ('strict-dynamic' lets those scripts load the route
 * chunks they import). Pre-rendered pages get the same nonce swapped in.
 */
export function cspNonce(): RequestHandler {
  return (_req, res, next) => {
    res.locals.nonce = crypto.randomBytes(16).toString("base64");
    next();
  };
}

export interface SecurityOptions {
  /** Origins a form may post to besides our own, e.g. a card provider's payment window. */
  extraFormActions?: string[];
  /** True when the public address is https: then browsers are told to stay on https. */
  https: boolean;
}

export function securityHeaders(options: SecurityOptions): RequestHandler {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as { locals: { nonce: string } }).locals.nonce}'`;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [nonce, "'strict-dynamic'", "'self'"],
        styleSrc: ["'self'", nonce],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...(options.extraFormActions ?? [])],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.https ? { maxAge: 63_072_000, includeSubDomains: true, preload: false } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
  });
}

/** Browser features we never use are switched off for every page. */
export function permissionsPolicy(): RequestHandler {
  return (_req, res, next) => {
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
    next();
  };
}
