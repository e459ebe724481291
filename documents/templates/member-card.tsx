import type { MemberCardData } from "#core/documents/document-renderer";
import { formatDate } from "../design/format";
import { Heading, LetterPage } from "../design/letter-page";
import { HEART_PATH, Mark, PULSE_PATH } from "../design/logo";
import { Box, Path, Svg, Text } from "../primitives";
import { fitName } from "../design/text-fit";
import type { TemplateProps } from "./template";

/**
 * The member card (medlemskort) in a welcome letter, A4: the member prints it
 * at home and cuts the card out along the thin line. The card is drawn at the
 * size of a bank card (85.6 × 54 mm) so it fits a wallet's card slot.
 */
const CARD = { width: 242.65, height: 153.07 };

/** Longer than any first name: the heading then greets without one rather than filling the page (issue #30.6). */
const FIRST_NAME_MAX = 30;
const CARD_NAME_SIZES = [15, 12, 10] as const;
const CARD_NAME_WIDTH = 190;

export function memberCardHeading(data: Pick<MemberCardData, "name" | "renewal">): string {
  const firstName = data.name.trim().split(/\s+/)[0] ?? data.name;
  const to = [...firstName].length <= FIRST_NAME_MAX ? `, ${firstName}` : "";
  return data.renewal ? `Tack för att du är kvar${to}!` : `Välkommen som medlem${to}!`;
}

export function MemberCard({ data, site, theme }: TemplateProps<MemberCardData>) {
  const c = theme.colour;
  const number = String(data.memberNumber);
  return (
    <LetterPage site={site} theme={theme} label="Medlemskort" reference={`Medlem nr ${number}`}>
      <Heading theme={theme} style={{ paddingTop: 18 }}>
        {memberCardHeading(data)}
      </Heading>
      <Box style={{ marginTop: 18, gap: 9, maxWidth: 430 }}>
        <Text>
          {data.renewal
            ? `Ditt medlemskap i ${site.name} gäller nu till och med ${formatDate(data.validUntil)}. Ditt medlemsnummer är fortfarande ${number}.`
            : `Du är medlem i ${site.name} från ${formatDate(data.validFrom)} till och med ${formatDate(data.validUntil)}. Ditt medlemsnummer är ${number}.`}
        </Text>
        <Text>
          Som medlem får du nyheter om forskningen några gånger om året och inbjudningar till föreläsningar där forskarna berättar om sitt arbete.
        </Text>
      </Box>
      {data.givenBy === null ? null : (
        <Box style={{ marginTop: 16, backgroundColor: c.tint, borderLeftWidth: 4, borderLeftColor: c.primary, paddingTop: 12, paddingBottom: 12, paddingLeft: 18, paddingRight: 18, maxWidth: 430 }}>
          <Text style={{ fontSize: 9.5, color: c.muted }}>Medlemskapet är en present från {data.givenBy}.</Text>
          {data.greeting === null ? null : (
            <Text style={{ marginTop: 5, fontFamily: theme.font.serif, fontStyle: "italic", fontWeight: 500, fontSize: 12.5, lineHeight: 1.4, color: c.primaryDark }}>
              {data.greeting}
            </Text>
          )}
        </Box>
      )}

      <Box style={{ alignItems: "center", marginTop: 30 }}>
        {/* The cut line: a hairline a few points outside the card's edge. */}
        <Box style={{ padding: 7, borderWidth: 0.6, borderColor: c.line, borderRadius: 14 }}>
          <Box style={{ position: "relative", width: CARD.width, height: CARD.height, backgroundColor: c.primary, borderRadius: 9, paddingTop: 13, paddingLeft: 15, paddingRight: 15, paddingBottom: 12 }}>
            {/* A large, faint mark behind the text; opacity on the shapes, which both renderers honour. */}
            <Svg width={104} height={104} viewBox="0 0 48 48" style={{ position: "absolute", right: -12, top: 8 }}>
              <Path d={HEART_PATH} fill={c.background} opacity={0.13} />
              <Path d={PULSE_PATH} fill="none" stroke={c.background} strokeWidth={1.6} opacity={0.3} />
            </Svg>
            <Box style={{ flexDirection: "row", alignItems: "center", gap: 6 }}>
              <Mark size={18} theme={theme} knockout />
              <Text style={{ fontSize: 7.5, fontWeight: 600, color: c.background, maxWidth: 190 }}>{site.name}</Text>
            </Box>
            <Text style={{ marginTop: 14, fontSize: 6.5, fontWeight: 700, letterSpacing: 2, textTransform: "uppercase", color: c.background, opacity: 0.85 }}>
              Medlemskort
            </Text>
            <Text style={{ marginTop: 3, fontFamily: theme.font.serif, fontWeight: 600, fontSize: fitName(data.name, CARD_NAME_SIZES, CARD_NAME_WIDTH, 3).fontSize, lineHeight: 1.15, color: c.background, maxWidth: CARD_NAME_WIDTH }}>
              {data.name}
            </Text>
            <Box style={{ position: "absolute", left: 15, right: 15, bottom: 12, width: CARD.width - 30, flexDirection: "row", justifyContent: "space-between" }}>
              <Box>
                <Text style={{ fontSize: 5.5, letterSpacing: 1, textTransform: "uppercase", color: c.background, opacity: 0.8 }}>Medlemsnummer</Text>
                <Text style={{ fontSize: 11, fontWeight: 700, letterSpacing: 1.2, color: c.background }}>{number}</Text>
              </Box>
              <Box style={{ alignItems: "flex-end" }}>
                <Text style={{ fontSize: 5.5, letterSpacing: 1, textTransform: "uppercase", color: c.background, opacity: 0.8 }}>Gäller till och med</Text>
                <Text style={{ fontSize: 9, fontWeight: 600, color: c.background }}>{formatDate(data.validUntil)}</Text>
              </Box>
            </Box>
          </Box>
        </Box>
        <Text style={{ marginTop: 8, fontSize: 8.5, color: c.muted }}>Klipp ut kortet längs den tunna linjen och spara det i plånboken.</Text>
      </Box>

      <Box style={{ marginTop: 28, gap: 7, maxWidth: 430 }}>
        <Text style={{ fontSize: 9.5, color: c.muted }}>
          En månad innan medlemskapet upphör får du en påminnelse med en länk för att förnya. Medlemskapet förnyas inte av sig självt.
        </Text>
        <Text style={{ fontSize: 9.5, color: c.muted }}>
          Medlemsavgiften räknas inte som en gåva och ger därför ingen skattereduktion.
        </Text>
      </Box>
    </LetterPage>
  );
}
