import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installDataRequestRetry } from "./navigation/data-request-retry";
import { recoverFromFailedChunkLoad } from "./navigation/chunk-load-recovery";
import { keepInputBeforeHydration } from "./client/input-before-hydration";

installDataRequestRetry(window);
recoverFromFailedChunkLoad(window);
keepInputBeforeHydration(document);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
