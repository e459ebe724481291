import { type RefObject, useEffect, useId, useState } from "react";
import type { ChatWidget } from "../consent/consent-controller";
import "./chat.css";

export interface ChatButtonProps {
  /** Where the consent controller finds the widget to close and remove it. */
  handleRef: RefObject<ChatWidget | null>;
  onRemove: () => void;
}

/**
 * A stand-in for the third-party chat widget. The real one sets its own
 * cookies, so it exists only with statistics and marketing consent and is
 * closed and removed when consent is withdrawn (spec section 4). Until a chat
 * provider is chosen it points visitors to the other ways of reaching us.
 */
export function ChatButton({ handleRef, onRemove }: ChatButtonProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();

  useEffect(() => {
    handleRef.current = { close: () => setOpen(false), remove: onRemove };
    return () => {
      handleRef.current = null;
    };
  }, [handleRef, onRemove]);

  return (
    <aside className="chat-widget" aria-label="Chatt" data-testid="chat-widget">
      {open && (
        <div id={panelId} className="chat-widget__panel">
          <h2 className="chat-widget__heading">Chatta med oss</h2>
          <p>
            Chatten är inte öppen just nu. Du når oss på <a href="/kontakt">kontaktsidan</a>, så svarar vi så snart vi
            kan.
          </p>
        </div>
      )}
      <button
        type="button"
        className="chat-widget__button button button--primary"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? "Stäng chatten" : "Chatta med oss"}
      </button>
    </aside>
  );
}
