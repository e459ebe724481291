// `npm run simulator:swish -- [--port N]`: the Swish simulator as a process of
// its own on 127.0.0.1 (default port 4010), for a site started with
// SWISH_SIMULATOR_URL set to the address this prints. Takes the site's payee
// alias, callback delay and SIMULATOR_STATE_DIR from the same environment, so
// give both processes the same one. The benchmarks start it this way so that
// Swish's share of each gift, done by Swish's own servers in production, is
// not counted as the site's. Stops on Ctrl-C or SIGTERM; unsent callbacks stay
// in its state file and go out when it starts again.
import { loadServerConfig, readEnvironment } from "#server/config";
import { createLogger } from "#server/logging";
import { systemClock } from "#core/clock";
import { serveSwishSimulator } from "#integrations/swish/simulator/standalone";

const args = process.argv.slice(2);
const portArg = args.includes("--port") ? args[args.indexOf("--port") + 1] : "4010";
const port = Number(portArg);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be a port number, not ${portArg ?? "nothing"}`);
  process.exit(2);
}

const config = loadServerConfig(readEnvironment());
const logger = createLogger(config.LOG_LEVEL);
const swish = await serveSwishSimulator({
  clock: systemClock,
  logger,
  payeeAlias: config.SWISH_PAYEE_ALIAS ?? config.site.swishNumber,
  callbackDelayMs: config.SWISH_SIMULATOR_CALLBACK_DELAY_MS,
  stateDir: config.SIMULATOR_STATE_DIR,
  host: "127.0.0.1",
  port,
});
// The one line a caller (a benchmark, a person) needs: where to point SWISH_SIMULATOR_URL.
process.stdout.write(`SWISH_SIMULATOR_URL=${swish.url}\n`);

const stop = () => void swish.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
