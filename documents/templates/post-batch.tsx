import { Fragment } from "react";
import type { PostBatchData } from "../../core/documents/document-renderer";
import { formatDate } from "../design/format";
import { Text } from "../primitives";
import { AddressPage } from "./post-batch-address-page";
import { MemorialSheet } from "./memorial-sheet";
import type { TemplateProps } from "./template";

/**
 * One PDF for the day's post (npm run fulfilment -- pdf, /admin/leverans):
 * for each memorial sheet, an address page laid out for a C5 window envelope,
 * then the sheet; both go into the envelope with the address page on top.
 * Then for each form ordered by post (decision 0023), an address page that is
 * also a short covering letter; staff put the form from stock behind it. The
 * reference and the day it must arrive are printed small at the foot, for
 * staff (a form's foot also says what goes in the envelope).
 */
export function PostBatch({ data, site, theme }: TemplateProps<PostBatchData>) {
  const c = theme.colour;
  const due = (dueDate: string | null, urgent: boolean) =>
    `${dueDate ? ` · ska fram senast ${formatDate(`${dueDate}T12:00:00Z`)}` : ""}${urgent ? " · BRÅDSKANDE" : ""}`;
  return (
    <>
      {data.items.map((item) => (
        <Fragment key={item.reference}>
          <AddressPage address={item.address} foot={`Minnesblad ${item.reference}${due(item.dueDate, item.urgent)}`} site={site} theme={theme} />
          <MemorialSheet data={item.sheet} site={site} theme={theme} />
        </Fragment>
      ))}
      {(data.letters ?? []).map((letter) => (
        <AddressPage
          key={letter.reference}
          address={letter.address}
          foot={`${letter.enclosure} ${letter.reference}${due(letter.dueDate, letter.urgent)}`}
          site={site}
          theme={theme}
        >
          {letter.paragraphs.map((paragraph, i) => (
            <Text key={`p${i}`} style={{ fontSize: 10, lineHeight: 1.45, marginBottom: 7 }}>
              {paragraph}
            </Text>
          ))}
          {letter.signOff.map((line, i) => (
            <Text key={`s${i}`} style={{ fontSize: 10, lineHeight: 1.45, marginTop: i === 1 ? 6 : 0, color: i === 0 ? c.text : c.primaryDark }}>
              {line}
            </Text>
          ))}
        </AddressPage>
      ))}
    </>
  );
}
