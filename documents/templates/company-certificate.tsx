import type { CompanyCertificateData } from "#core/documents/document-renderer";
import { formatDate, formatMoney } from "../design/format";
import { Mark } from "../design/logo";
import { fitName } from "../design/text-fit";
import { mix, type Theme } from "../design/theme";
import { Box, Image, Page, Path, Svg, Text } from "../primitives";
import { CertificateFrame } from "./certificate";
import type { TemplateProps } from "./template";

/**
 * The company's gift certificate (gåvobevis, decision 0046), A4 portrait in
 * the gift certificate's frame: the company's logo at the top (kept to its
 * own proportions inside LOGO_BOX), the title, the Christmas of the gift's
 * year, the company's name sized so that the longest name the form takes
 * (100 characters) keeps to three lines, what the company gave instead of
 * presents, then the date and the charity's name like a signed document.
 */
const A4 = { width: 595.28, height: 841.89 };
export const LOGO_BOX = { width: 240, height: 96 };
const NAME_WIDTH = 430;
const NAME_SIZES = [36, 32, 28, 24, 21, 18, 16] as const;
const FOOT_WIDTH = A4.width - 160;

/** The logo's drawn size: as large as the box allows, its proportions kept. */
export function logoSize(logo: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height);
  return { width: Math.round(logo.width * scale * 10) / 10, height: Math.round(logo.height * scale * 10) / 10 };
}

/** A small eight-pointed star: the Christmas mark when the company gave no logo, and the ornament under the title. */
function Star({ theme, size }: { theme: Theme; size: number }) {
  const c = theme.colour;
  return (
    <Svg width={size} height={size} viewBox="0 0 40 40">
      <Path d="M20 2 23.4 14.2 35.6 8.4 27.8 19.2 38 20 27.8 20.8 35.6 31.6 23.4 25.8 20 38 16.6 25.8 4.4 31.6 12.2 20.8 2 20 12.2 19.2 4.4 8.4 16.6 14.2Z" fill={c.primary} />
      <Path d="M20 12 22 18 28 20 22 22 20 28 18 22 12 20 18 18Z" fill={mix(c.primary, c.background, 0.7)} />
    </Svg>
  );
}

export function christmasYear(date: string): string {
  return new Intl.DateTimeFormat("sv-SE", { year: "numeric", timeZone: "Europe/Stockholm" }).format(new Date(date));
}

export function CompanyCertificate({ data, site, theme }: TemplateProps<CompanyCertificateData>) {
  const c = theme.colour;
  const name = fitName(data.companyName, NAME_SIZES, NAME_WIDTH, 3);
  const logo = data.logo ? { src: data.logo.src, ...logoSize(data.logo) } : null;
  return (
    <Page size="A4" style={{ fontFamily: theme.font.sans, color: c.text, backgroundColor: c.background }}>
      <CertificateFrame theme={theme} />
      <Box style={{ flexGrow: 1, alignItems: "center", paddingTop: 66, paddingLeft: 70, paddingRight: 70, paddingBottom: 150 }}>
        <Box style={{ width: LOGO_BOX.width, height: LOGO_BOX.height, alignItems: "center", justifyContent: "center" }}>
          {logo ? <Image src={logo.src} width={logo.width} height={logo.height} /> : <Star theme={theme} size={64} />}
        </Box>
        <Text style={{ marginTop: 26, fontFamily: theme.font.serif, fontWeight: 600, fontSize: 34, letterSpacing: 9, textTransform: "uppercase", color: c.primaryDark }}>
          Gåvobevis
        </Text>
        <Box style={{ marginTop: 10, flexDirection: "row", alignItems: "center", gap: 8 }}>
          <Box style={{ width: 60, height: 0.8, backgroundColor: mix(c.primary, c.background, 0.5) }} />
          <Star theme={theme} size={12} />
          <Box style={{ width: 60, height: 0.8, backgroundColor: mix(c.primary, c.background, 0.5) }} />
        </Box>
        <Text style={{ marginTop: 14, fontFamily: theme.font.serif, fontStyle: "italic", fontSize: 17, color: c.muted }}>
          Julgåva {christmasYear(data.date)}
        </Text>
        <Text style={{ marginTop: 16, width: NAME_WIDTH, textAlign: "center", fontFamily: theme.font.serif, fontWeight: 600, fontSize: name.fontSize, lineHeight: 1.15, color: c.primaryDark }}>
          {data.companyName}
        </Text>
        <Box style={{ marginTop: 10, width: 300, height: 0.8, backgroundColor: c.line }} />
        <Text style={{ marginTop: 18, width: 400, textAlign: "center", fontSize: 13, lineHeight: 1.55 }}>
          {`har i stället för julklappar gett ${formatMoney(data.amountOre)} till forskningen om hjärt- och lungsjukdomar genom ${site.name}.`}
        </Text>
        <Text style={{ marginTop: 16, width: 380, textAlign: "center", fontFamily: theme.font.serif, fontStyle: "italic", fontSize: 14, lineHeight: 1.45 }}>
          En julklapp till kunder, medarbetare och vänner som ger fler människor fler friska år tillsammans. Tack för att ni är med!
        </Text>
      </Box>
      <Box style={{ position: "absolute", left: 80, bottom: 72, width: FOOT_WIDTH, flexDirection: "row", justifyContent: "space-between", alignItems: "flex-end" }}>
        <Box style={{ width: 150 }}>
          <Text style={{ fontFamily: theme.font.serif, fontSize: 13 }}>{formatDate(data.date)}</Text>
          <Box style={{ marginTop: 4, width: 130, height: 0.7, backgroundColor: c.line }} />
          <Text style={{ marginTop: 4, fontSize: 8.5, color: c.muted }}>Datum</Text>
        </Box>
        <Box style={{ width: 270, alignItems: "flex-end" }}>
          <Text style={{ fontFamily: theme.font.serif, fontWeight: 600, fontSize: 13, color: c.primaryDark, textAlign: "right", width: 270 }}>{site.name}</Text>
          <Box style={{ marginTop: 4, width: 170, height: 0.7, backgroundColor: c.line }} />
          <Text style={{ marginTop: 4, fontSize: 8.5, color: c.muted }}>För forskningen</Text>
        </Box>
      </Box>
      <Box style={{ position: "absolute", left: 0, bottom: 44, width: A4.width, alignItems: "center" }}>
        <Box style={{ flexDirection: "row", alignItems: "center", gap: 6 }}>
          <Mark size={15} theme={theme} />
          <Text style={{ fontSize: 8, fontWeight: 600, color: c.primaryDark }}>{site.name}</Text>
          <Text style={{ fontSize: 7, color: c.muted }}>· nr {data.reference}</Text>
        </Box>
      </Box>
    </Page>
  );
}
