/**
 * The production server, built by Vite as the second entry of React Router's
 * server build (vite.config.ts), beside the routes' build (index.js) in one
 * Rollup graph: every module of core/ exists once in the output, so an error
 * class thrown by the container is the class the routes compare with
 * (decision 0036). build/server-main.js imports this entry's output (site.js)
 * and the routes' build, and calls startSite with them.
 */
export { startSite } from "./start-site";
