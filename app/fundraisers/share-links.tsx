import { useEffect, useState } from "react";

/**
 * Share buttons that need no third-party script: plain links to each
 * service's own share address (nothing loads from them until the visitor
 * clicks), e-mail and SMS, and the address itself to copy – a button with
 * JavaScript, a selectable field without.
 */
export function ShareLinks({ url, title, heading = "Dela insamlingen" }: { url: string; title: string; heading?: string }) {
  const [copied, setCopied] = useState(false);
  // Shown once the page runs JavaScript with a clipboard (after hydration, so server and client render alike).
  const [canCopy, setCanCopy] = useState(false);
  useEffect(() => setCanCopy(Boolean(navigator.clipboard)), []);
  const text = `${title} – ge en gåva till hjärt- och lungforskningen: ${url}`;
  const links = [
    { label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` },
    { label: "WhatsApp", href: `https://wa.me/?text=${encodeURIComponent(text)}` },
    { label: "E-post", href: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(text)}` },
    { label: "SMS", href: `sms:?&body=${encodeURIComponent(text)}` },
  ];
  return (
    <section className="share-links" aria-labelledby="dela">
      <h2 id="dela">{heading}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.label}>
            <a className="button button--secondary" href={link.href} rel="noopener noreferrer" target={link.href.startsWith("https:") ? "_blank" : undefined}>
              {link.label}
              {link.href.startsWith("https:") && <span className="visually-hidden"> (öppnas i ett nytt fönster)</span>}
            </a>
          </li>
        ))}
      </ul>
      <label className="share-links__address">
        <span>Adressen till sidan</span>
        <input type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <button
        type="button"
        className="button button--secondary share-links__copy"
        hidden={!canCopy}
        onClick={() => {
          void navigator.clipboard?.writeText(url).then(() => setCopied(true));
        }}
      >
        Kopiera adressen
      </button>
      <span role="status" className="share-links__status">
        {copied ? "Adressen är kopierad." : ""}
      </span>
    </section>
  );
}
