import { Fragment } from "react";
import type { PostBatchData, PostBatchEntry, PostedDocument } from "#core/documents/document-renderer";
import { formatDate } from "../design/format";
import { Text } from "../primitives";
import { AddressPage } from "./post-batch-address-page";
import { MemorialSheet } from "./memorial-sheet";
import { GiftCard } from "./gift-card";
import { GiftCertificate } from "./certificate";
import { Diploma } from "./diploma";
import type { TemplateProps } from "./template";
import type { SiteConfig } from "#core/site/site-config";
import type { Theme } from "../design/theme";

/**
 * One PDF for the day's post (npm run fulfilment -- pdf, /admin/leverans),
 * one envelope after another in the queue's order: an address page laid out
 * for a window envelope, then what goes in with it – a memorial sheet, a gift
 * card, certificate or diploma, or nothing but the page itself when it is the
 * covering letter for a form from stock or an article (decision 0023). A4
 * documents (certificates, diplomas) get an A4 address page for a C4
 * envelope, so they are posted flat. The reference, what goes in and the day
 * it must arrive are printed small at the foot, for staff.
 */
const A4_KINDS: ReadonlySet<PostedDocument["kind"]> = new Set(["gift-certificate", "diploma"]);

export function envelopeOf(entry: Pick<PostBatchEntry, "documents">): "C5" | "C4" {
  return entry.documents.some((d) => A4_KINDS.has(d.kind)) ? "C4" : "C5";
}

export function PostBatch({ data, site, theme }: TemplateProps<PostBatchData>) {
  const c = theme.colour;
  const due = (dueDate: string | null, urgent: boolean) =>
    `${dueDate ? ` · ska fram senast ${formatDate(`${dueDate}T12:00:00Z`)}` : ""}${urgent ? " · BRÅDSKANDE" : ""}`;
  return (
    <>
      {data.entries.map((entry) => {
        const envelope = envelopeOf(entry);
        return (
          <Fragment key={entry.reference}>
            <AddressPage
              address={entry.address}
              size={envelope === "C4" ? "A4" : "A5"}
              foot={`${entry.enclosure} ${entry.reference}${due(entry.dueDate, entry.urgent)}${envelope === "C4" ? " · C4-kuvert, ovikt" : ""}`}
              site={site}
              theme={theme}
            >
              {entry.letter
                ? [
                    ...entry.letter.paragraphs.map((paragraph, i) => (
                      <Text key={`p${i}`} style={{ fontSize: 10, lineHeight: 1.45, marginBottom: 7 }}>
                        {paragraph}
                      </Text>
                    )),
                    ...entry.letter.signOff.map((line, i) => (
                      <Text key={`s${i}`} style={{ fontSize: 10, lineHeight: 1.45, marginTop: i === 1 ? 6 : 0, color: i === 0 ? c.text : c.primaryDark }}>
                        {line}
                      </Text>
                    )),
                  ]
                : null}
            </AddressPage>
            {entry.documents.map((document, i) => (
              <PostedPage key={`${entry.reference}-${i}`} document={document} site={site} theme={theme} />
            ))}
          </Fragment>
        );
      })}
    </>
  );
}

function PostedPage({ document, site, theme }: { document: PostedDocument; site: SiteConfig; theme: Theme }) {
  switch (document.kind) {
    case "memorial-sheet":
      return <MemorialSheet data={document.data} site={site} theme={theme} />;
    case "gift-card":
      return <GiftCard data={document.data} site={site} theme={theme} />;
    case "gift-certificate":
      return <GiftCertificate data={document.data} site={site} theme={theme} />;
    case "diploma":
      return <Diploma data={document.data} site={site} theme={theme} />;
  }
}
