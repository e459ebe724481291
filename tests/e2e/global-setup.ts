import { bundleFixtureScripts } from "./fixture-scripts";

/** Once before the journeys: the fixture scripts they run, bundled (tests/e2e/fixture-scripts.ts). */
export default async function globalSetup(): Promise<void> {
  await bundleFixtureScripts();
}
