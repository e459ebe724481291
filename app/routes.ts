import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("ge-en-gava", "routes/gift-form.tsx"),
  route("ge-en-gava/betalning/:orderReference", "routes/gift-payment.tsx"),
  route("ge-en-gava/tack/:orderReference", "routes/gift-thanks.tsx"),
  route("en/:slug", "routes/content-page.tsx", { id: "content-en" }),
  route(":slug", "routes/content-page.tsx", { id: "content-sv" }),
  route("_test/server-error", "routes/test-server-error.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
