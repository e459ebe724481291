import type { ReactNode } from "react";
import type { PostalAddress } from "#core/documents/document-renderer";
import type { SiteConfig } from "#core/site/site-config";
import { Mark } from "../design/logo";
import type { Theme } from "../design/theme";
import { Box, Page, Text } from "../primitives";

/**
 * An A5 page laid out for a C5 window envelope (the address 20 mm from the
 * left and 45 mm from the top, where the window is), with the sender above
 * it and a line for staff at the foot. Whatever `children` holds (a covering
 * letter) sits below the window. An A4 page (for documents that must not be
 * folded: certificates, diplomas) puts everything in the same place, so it
 * fits a C4 window envelope, whose window is where a C5's is.
 */
export const MM = 72 / 25.4;

export function AddressPage({
  address,
  foot,
  site,
  theme,
  size = "A5",
  children,
}: {
  address: PostalAddress;
  foot: string;
  site: SiteConfig;
  theme: Theme;
  size?: "A5" | "A4";
  children?: ReactNode;
}) {
  const c = theme.colour;
  return (
    <Page size={size} style={{ fontFamily: theme.font.sans, color: c.text, backgroundColor: c.background }}>
      <Box style={{ position: "absolute", left: 20 * MM, top: 18 * MM, flexDirection: "row", alignItems: "center", gap: 6 }}>
        <Mark size={16} theme={theme} />
        <Box>
          <Text style={{ fontSize: 8, fontWeight: 600, color: c.primaryDark }}>{site.name}</Text>
          <Text style={{ fontSize: 7.5, color: c.muted }}>{site.postalAddress}</Text>
        </Box>
      </Box>
      <Box style={{ position: "absolute", left: 20 * MM, top: 45 * MM, width: 85 * MM }}>
        <Text style={{ fontSize: 11, lineHeight: 1.35 }}>{address.name}</Text>
        {address.street ? <Text style={{ fontSize: 11, lineHeight: 1.35 }}>{address.street}</Text> : null}
        <Text style={{ fontSize: 11, lineHeight: 1.35 }}>{`${address.postalCode ?? ""}  ${(address.city ?? "").toUpperCase()}`.trim()}</Text>
      </Box>
      {children ? <Box style={{ position: "absolute", left: 20 * MM, top: 90 * MM, width: 108 * MM }}>{children}</Box> : null}
      <Box style={{ position: "absolute", left: 20 * MM, bottom: 14 * MM, width: 108 * MM }}>
        <Text style={{ fontSize: 7.5, color: c.muted }}>{foot}</Text>
      </Box>
    </Page>
  );
}
