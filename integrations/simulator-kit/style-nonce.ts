import type { RequestHandler } from "express";

/**
 * Simulator pages are plain HTML strings with an inline <style>. The site's
 * Content-Security-Policy only allows inline styles that carry the response's
 * nonce, so this middleware (mounted in front of every simulator) adds it.
 */
export function styleNonceForHtml(): RequestHandler {
  return (_req, res, next) => {
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      const nonce = res.locals.nonce as string | undefined;
      if (nonce && typeof body === "string" && body.includes("<style>")) {
        return send(body.replaceAll("<style>", `<style nonce="${nonce}">`));
      }
      return send(body);
    };
    next();
  };
}
