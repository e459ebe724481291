import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installDataRequestRetry } from "./navigation/data-request-retry";
import { recoverFromFailedChunkLoad } from "./navigation/chunk-load-recovery";

installDataRequestRetry(window);
recoverFromFailedChunkLoad(window);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
