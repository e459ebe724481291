/**
 * A different client address for each simulated donor, sent as
 * X-Forwarded-For to a server started with TRUST_PROXY_HOPS=1 – the site
 * behind its proxy, as in production. From the load generator's one
 * address, every gift would count against one visitor's payment starts: one
 * row that each gift's transaction updates and, on PostgreSQL, holds locked
 * until it commits, which no real audience does (a visitor may start 10
 * payments a minute).
 */
export function donorAddress(i: number): string {
  const n = i % 16_777_216;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
