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
  /** A configured Sentry DSN: the browser posts error reports to its origin. */
  sentryDsn?: string;
  /** A configured Google Tag Manager container: its origins are allowed (it loads only with consent). */
  gtmContainerId?: string;
}

/**
 * Google's documented origins for Tag Manager with Google Analytics 4. Only
 * listed when a container is configured, so a site without GTM allows nothing
 * of Google's. Host entries in script-src are ignored by browsers that honour
 * 'strict-dynamic' (the nonced code injects the script); they are for older ones.
 */
const GTM_SCRIPT_ORIGINS = ["https://www.googletagmanager.com"];
const GTM_CONNECT_ORIGINS = [
  "https://www.googletagmanager.com",
  "https://www.google-analytics.com",
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
];
const GTM_IMG_ORIGINS = ["https://www.googletagmanager.com", "https://*.google-analytics.com"];

/** The origin error reports go to, or nothing when the DSN is absent or unreadable. */
export function sentryOrigin(dsn: string | undefined): string[] {
  if (!dsn) return [];
  try {
    return [new URL(dsn).origin];
  } catch {
    return [];
  }
}

export function securityHeaders(options: SecurityOptions): RequestHandler {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as { locals: { nonce: string } }).locals.nonce}'`;
  const gtm = Boolean(options.gtmContainerId);
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [nonce, "'strict-dynamic'", "'self'", ...(gtm ? GTM_SCRIPT_ORIGINS : [])],
        styleSrc: ["'self'", nonce],
        imgSrc: ["'self'", "data:", "blob:", ...(gtm ? GTM_IMG_ORIGINS : [])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...sentryOrigin(options.sentryDsn), ...(gtm ? GTM_CONNECT_ORIGINS : [])],
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
