/**
 * The User Timing mark set when React has taken over the served page: visible
 * in DevTools and to real-user monitoring, and read by `npm run bench:phone`.
 */
export const HYDRATED_MARK = "hydrated";
