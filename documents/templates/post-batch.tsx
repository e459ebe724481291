import { Fragment } from "react";
import type { PostBatchData } from "../../core/documents/document-renderer";
import { formatDate } from "../design/format";
import { Mark } from "../design/logo";
import { Box, Page, Text } from "../primitives";
import { MemorialSheet } from "./memorial-sheet";
import type { TemplateProps } from "./template";

/**
 * One PDF for the day's post (npm run fulfilment -- pdf): for each memorial
 * sheet, an address page laid out for a C5 window envelope (the address 20 mm
 * from the left and 45 mm from the top, where the window is), then the sheet.
 * Both go into the envelope with the address page on top. The order item's
 * reference and due date are printed small at the foot, for staff.
 */
const MM = 72 / 25.4;

export function PostBatch({ data, site, theme }: TemplateProps<PostBatchData>) {
  const c = theme.colour;
  return (
    <>
      {data.items.map((item) => (
        <Fragment key={item.reference}>
          <Page size="A5" style={{ fontFamily: theme.font.sans, color: c.text, backgroundColor: c.background }}>
            <Box style={{ position: "absolute", left: 20 * MM, top: 18 * MM, flexDirection: "row", alignItems: "center", gap: 6 }}>
              <Mark size={16} theme={theme} />
              <Box>
                <Text style={{ fontSize: 8, fontWeight: 600, color: c.primaryDark }}>{site.name}</Text>
                <Text style={{ fontSize: 7.5, color: c.muted }}>{site.postalAddress}</Text>
              </Box>
            </Box>
            <Box style={{ position: "absolute", left: 20 * MM, top: 45 * MM, width: 85 * MM }}>
              <Text style={{ fontSize: 11, lineHeight: 1.35 }}>{item.address.name}</Text>
              {item.address.street ? <Text style={{ fontSize: 11, lineHeight: 1.35 }}>{item.address.street}</Text> : null}
              <Text style={{ fontSize: 11, lineHeight: 1.35 }}>{`${item.address.postalCode ?? ""}  ${(item.address.city ?? "").toUpperCase()}`.trim()}</Text>
            </Box>
            <Box style={{ position: "absolute", left: 20 * MM, bottom: 14 * MM, width: 108 * MM }}>
              <Text style={{ fontSize: 7.5, color: c.muted }}>
                {`Minnesblad ${item.reference}${item.dueDate ? ` · ska fram senast ${formatDate(`${item.dueDate}T12:00:00Z`)}` : ""}${item.urgent ? " · BRÅDSKANDE" : ""}`}
              </Text>
            </Box>
          </Page>
          <MemorialSheet data={item.sheet} site={site} theme={theme} />
        </Fragment>
      ))}
    </>
  );
}
