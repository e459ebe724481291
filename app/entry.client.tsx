import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installDataRequestRetry } from "./navigation/data-request-retry";
import { recoverFromFailedChunkLoad } from "./navigation/chunk-load-recovery";
import { keepTextTypedBeforeHydration } from "./client/typed-before-hydration";

installDataRequestRetry(window);
recoverFromFailedChunkLoad(window);
keepTextTypedBeforeHydration(document);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
