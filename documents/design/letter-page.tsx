import type { ReactNode } from "react";
import type { SiteConfig } from "#core/site/site-config";
import { Box, Page, Path, Svg, Text, type Style } from "../primitives";
import { Letterhead } from "./logo";
import type { Theme } from "./theme";

/**
 * The A4 letter every printed document sits in: a band of the brand colour,
 * the letterhead with the document's name and reference, the content, and a
 * footer with the charity's address and numbers.
 */
export const MARGIN = 56;

export function LetterPage({
  site,
  theme,
  label,
  reference,
  children,
}: {
  site: SiteConfig;
  theme: Theme;
  /** What the document is ("Faktura", "Kvitto"), top right. */
  label: string;
  reference: string;
  children: ReactNode;
}) {
  const c = theme.colour;
  return (
    <Page size="A4" style={{ fontFamily: theme.font.sans, fontSize: 10.5, lineHeight: 1.45, color: c.text, backgroundColor: c.background }}>
      <Box style={{ height: 7, backgroundColor: c.primary }} />
      <Box style={{ flexDirection: "row", justifyContent: "space-between", alignItems: "flex-start", paddingTop: 30, paddingLeft: MARGIN, paddingRight: MARGIN }}>
        <Letterhead name={site.name} theme={theme} />
        <Box style={{ alignItems: "flex-end", paddingTop: 4 }}>
          <Text style={{ fontSize: 9, fontWeight: 700, letterSpacing: 1.4, textTransform: "uppercase", color: c.primary }}>{label}</Text>
          <Text style={{ fontSize: 9, color: c.muted, marginTop: 2 }}>{reference}</Text>
        </Box>
      </Box>
      <Box style={{ flexGrow: 1, paddingLeft: MARGIN, paddingRight: MARGIN, paddingTop: 26 }}>{children}</Box>
      <Footer site={site} theme={theme} />
    </Page>
  );
}

function Footer({ site, theme }: { site: SiteConfig; theme: Theme }) {
  const c = theme.colour;
  const small: Style = { fontSize: 8.5, lineHeight: 1.5, color: c.muted };
  return (
    <Box style={{ paddingLeft: MARGIN, paddingRight: MARGIN, paddingBottom: 34 }}>
      <Waves theme={theme} />
      <Box style={{ flexDirection: "row", justifyContent: "space-between", borderTopWidth: 0.75, borderTopColor: c.line, paddingTop: 10 }}>
        <Box>
          <Text style={{ ...small, fontWeight: 600, color: c.text }}>{site.name}</Text>
          <Text style={small}>{site.postalAddress}</Text>
        </Box>
        <Box>
          <Text style={small}>Organisationsnummer {site.orgNumber}</Text>
          <Text style={small}>Bankgiro {site.bankgiro}</Text>
        </Box>
        <Box style={{ alignItems: "flex-end" }}>
          <Text style={small}>{site.phone}</Text>
          <Text style={small}>{site.email}</Text>
        </Box>
      </Box>
    </Box>
  );
}

/** Two soft lines above the footer: a heartbeat settling into a breath. */
export function Waves({ theme, width = 483, height = 26 }: { theme: Theme; width?: number; height?: number }) {
  return (
    <Svg width={width} height={height} viewBox="0 0 483 26" style={{ marginBottom: 4 }}>
      <Path d="M0 16h190l6-9 8 17 7-20 6 12h16c40 0 60-8 100-8s70 10 150 10" fill="none" stroke={theme.colour.primary} strokeWidth={1.4} opacity={0.55} />
      <Path d="M0 20c60 0 90-6 150-6s100 8 170 8 100-6 163-6" fill="none" stroke={theme.colour.accent} strokeWidth={1} opacity={0.35} />
    </Svg>
  );
}

/** A heading inside a document. */
export function Heading({ theme, children, style }: { theme: Theme; children: ReactNode; style?: Style }) {
  return <Text style={{ fontFamily: theme.font.serif, fontWeight: 600, fontSize: 24, lineHeight: 1.2, color: theme.colour.primaryDark, ...style }}>{children}</Text>;
}

/** Label and value rows, ruled like a form. */
export function FactRows({ theme, rows, labelWidth = 150 }: { theme: Theme; rows: readonly (readonly [string, string])[]; labelWidth?: number }) {
  return (
    <Box>
      {rows.map(([label, value], i) => (
        <Box
          key={label}
          style={{ flexDirection: "row", paddingTop: 5, paddingBottom: 5, borderTopWidth: i === 0 ? 0 : 0.75, borderTopColor: theme.colour.line }}
        >
          <Text style={{ width: labelWidth, color: theme.colour.muted }}>{label}</Text>
          <Text style={{ flexGrow: 1, flexShrink: 1, fontWeight: 600 }}>{value}</Text>
        </Box>
      ))}
    </Box>
  );
}
