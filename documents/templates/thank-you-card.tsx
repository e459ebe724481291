import type { ThankYouCardData } from "#core/documents/document-renderer";
import { formatDate, formatMoney } from "../design/format";
import { HEART_PATH, Mark, PULSE_PATH } from "../design/logo";
import { Box, Page, Path, Svg, Text } from "../primitives";
import type { TemplateProps } from "./template";

/**
 * A postcard-sized thank-you, sent as an image with the receipt e-mail: a
 * donor can keep it or pass it on. Vector art only: the mark's heart, large
 * and cropped, with breath lines in the accent colour.
 */
export function ThankYouCard({ data, site, theme }: TemplateProps<ThankYouCardData>) {
  const c = theme.colour;
  // A long name ("Anna-Karin") takes a smaller size rather than a second line that would run into the waves.
  return (
    <Page size="card" style={{ fontFamily: theme.font.sans, color: c.text, backgroundColor: c.surface }}>
      <Svg width={419} height={64} viewBox="0 0 419 64" style={{ position: "absolute", top: 196, left: 0 }}>
        <Path d="M0 30c70 0 110-22 180-22s120 30 240 30" fill="none" stroke={c.accent} strokeWidth={1.2} opacity={0.45} />
        <Path d="M0 42c80 0 120-16 190-16s120 24 230 24" fill="none" stroke={c.primary} strokeWidth={1.2} opacity={0.4} />
      </Svg>
      <Box style={{ position: "absolute", top: 26, right: 28 }}>
        <Svg width={132} height={132} viewBox="0 0 48 48">
          <Path d={HEART_PATH} fill={c.primary} />
          <Path d={PULSE_PATH} fill="none" stroke={c.surface} strokeWidth={2} />
        </Svg>
      </Box>
      <Box style={{ paddingTop: 44, paddingLeft: 34, width: 270 }}>
        <Text style={{ fontSize: 8.5, fontWeight: 700, letterSpacing: 1.4, textTransform: "uppercase", color: c.primary }}>{formatDate(data.date)}</Text>
        <Text style={{ fontFamily: theme.font.serif, fontStyle: "italic", fontWeight: 600, fontSize: data.firstName.length > 6 ? 30 : 38, lineHeight: 1.1, color: c.primaryDark, marginTop: 10 }}>
          Tack, {data.firstName}!
        </Text>
        <Text style={{ fontSize: 12.5, lineHeight: 1.45, marginTop: 12, width: 230 }}>
          Din gåva på {formatMoney(data.amountOre)} går till forskning om hjärt- och lungsjukdomar – för fler friska år.
        </Text>
      </Box>
      <Box style={{ position: "absolute", left: 34, bottom: 22, flexDirection: "row", alignItems: "center", gap: 7 }}>
        <Mark size={18} theme={theme} />
        <Text style={{ fontSize: 8.5, fontWeight: 600, color: c.primaryDark }}>{site.name}</Text>
      </Box>
    </Page>
  );
}
