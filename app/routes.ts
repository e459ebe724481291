import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("en/:slug", "routes/content-page.tsx", { id: "content-en" }),
  route(":slug", "routes/content-page.tsx", { id: "content-sv" }),
  route("_test/server-error", "routes/test-server-error.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
