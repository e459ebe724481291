import { useCallback, useState } from "react";
import { PrefetchPageLinks } from "react-router";
import { usePrefetchLinks } from "../prefetch/use-prefetch-links";

/**
 * Prefetches the pages behind links in view (code and data, through React
 * Router), in batches of 4 every 3 s, never on 2g, with data saver or for bots
 * (app/prefetch). Its own chunk: it is only needed once the page has settled.
 */
export default function Prefetcher({ nonce }: { nonce: string | undefined }) {
  const [pages, setPages] = useState<string[]>([]);
  const prefetch = useCallback(
    (href: string) => setPages((current) => (current.includes(href) ? current : [...current, href])),
    [],
  );
  usePrefetchLinks({ prefetch });
  return (
    <>
      {pages.map((page) => (
        <PrefetchPageLinks key={page} page={page} nonce={nonce} />
      ))}
    </>
  );
}
