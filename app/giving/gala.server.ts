import QRCode from "qrcode";
import type { AppContainer } from "#server/container";
import { swishPrefilledQrPayload } from "#integrations/swish/swish-app-link";
import type { CampaignTotal } from "#core/gifts/campaign-total";

/** What the Swish app's message field says for a gift given from the gala's QR code. */
export const GALA_SWISH_MESSAGE = "Galan";

// One code per Swish number for the life of the process: the number changes only with the configuration.
const qrCodes = new Map<string, Promise<string>>();

/** The gala's Swish QR code as inline SVG (vector, sharp on any TV), made once. */
export function galaSwishQrSvg(swishNumber: string): Promise<string> {
  let svg = qrCodes.get(swishNumber);
  if (!svg) {
    svg = QRCode.toString(swishPrefilledQrPayload(swishNumber, GALA_SWISH_MESSAGE), { type: "svg", margin: 2, errorCorrectionLevel: "M" });
    qrCodes.set(swishNumber, svg);
  }
  return svg;
}

/**
 * The gala page's live part: the total as the live stream has it (no read of
 * its own while the stream's value is fresh, decision 0049), or nothing while
 * live widgets are off (the reduced mode's one question, `widgetsOff`).
 */
export async function galaTotalNow(container: AppContainer): Promise<CampaignTotal | null> {
  if (container.live.widgetsOff()) return null;
  return container.live.fanOut.current(container.live.gala);
}
