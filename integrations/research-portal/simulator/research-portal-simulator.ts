import { Router, type Request, type Response } from "express";
import projectsFile from "./projects.json";

/**
 * A local stand-in for the research portal, speaking the same protocol as the
 * client expects (see ../portal-schema.ts): GET /:product/petitions/approved/.
 * Mount it under /_sim/research-portal/ and point the client's baseUrl there.
 *
 * Deterministic test products, like the providers' own test systems:
 *   test-unavailable → 503
 *   test-garbage     → 200 with an HTML body
 *   test-empty       → 200 with no petitions
 * Any other product gets the fictional projects in projects.json.
 */

export interface ResearchPortalSimulatorOptions {
  /** Petitions to serve instead of projects.json (wire format). */
  petitions?: unknown[];
}

export function createResearchPortalSimulator(options: ResearchPortalSimulatorOptions = {}): Router {
  const router = Router();
  const petitions = options.petitions ?? projectsFile.petitions;

  router.get("/:product/petitions/approved", (req: Request<{ product: string }>, res: Response) => {
    const { product } = req.params;
    res.set("cache-control", "no-store");
    switch (product) {
      case "test-unavailable":
        res.status(503).json({ error: "Service unavailable" });
        return;
      case "test-garbage":
        res.status(200).type("html").send("<html><body>Maintenance</body></html>");
        return;
      case "test-empty":
        res.json({ product, petitions: [] });
        return;
      default:
        res.json({ product, petitions });
    }
  });

  return router;
}
