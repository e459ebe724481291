import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("ge-en-gava", "routes/gift-form.tsx"),
  route("ge-en-gava/minnesgava", "routes/memorial-gift.tsx"),
  route("ge-en-gava/betalning/:orderReference", "routes/gift-payment.tsx"),
  route("ge-en-gava/tack/:orderReference", "routes/gift-thanks.tsx"),
  route("ge-en-gava/faktura/:orderReference", "routes/gift-invoice-pdf.ts"),
  route("ge-en-gava/minnesgava/forhandsgranska.png", "routes/memorial-sheet-preview-png.ts"),
  route("order/minnesblad/:orderReference", "routes/memorial-order.tsx"),
  route("order/minnesblad/:orderReference/:file", "routes/memorial-order-sheet.ts"),
  route("sok", "routes/search.tsx"),
  route("forskning/projekt", "routes/research-projects.tsx", { id: "research-sv" }),
  route("en/research/projects", "routes/research-projects.tsx", { id: "research-en" }),
  route("en/:slug", "routes/content-page.tsx", { id: "content-en" }),
  route("cookie-installningar", "routes/cookie-settings.tsx"),
  route(":slug", "routes/content-page.tsx", { id: "content-sv" }),
  // Donor area: BankID login, Mina sidor, and the token-link My data page.
  route("logga-in", "routes/login.tsx"),
  route("logga-ut", "routes/logout.tsx"),
  route("mina-sidor", "routes/my-pages.tsx"),
  route("mina-sidor/mina-uppgifter", "routes/my-details.tsx"),
  route("mina-sidor/kvitto/:orderReference", "routes/my-pages-receipt.tsx"),
  route("dina-uppgifter", "routes/my-data.tsx"),
  route("_test/server-error", "routes/test-server-error.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
