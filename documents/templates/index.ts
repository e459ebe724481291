import type { DocumentKind, DocumentRequest } from "#core/documents/document-renderer";
import type { DocumentTemplate } from "./template";
import { Invoice } from "./invoice";
import { Receipt } from "./receipt";
import { ThankYouCard } from "./thank-you-card";
import { MemorialSheet } from "./memorial-sheet";
import { PostBatch } from "./post-batch";
import { MemorialCollectionSheets } from "./memorial-collection-sheets";
import { GiftCard } from "./gift-card";
import { GiftCertificate } from "./certificate";
import { Diploma } from "./diploma";
import { GreetingCard } from "./greeting-card";
import { MemberCard } from "./member-card";
import { FundraiserShare } from "./fundraiser-share";
import { CompanyStatement } from "./company-statement";
import { CompanyCertificate } from "./company-certificate";

type DataOf<K extends DocumentKind> = Extract<DocumentRequest, { kind: K }>["data"];

/** Every document kind core can ask for, and the template that draws it. */
export const TEMPLATES: { [K in DocumentKind]: DocumentTemplate<DataOf<K>> } = {
  invoice: { Component: Invoice, title: (d) => `Faktura – gåva ${d.orderReference}`, pngWidth: 1240 },
  receipt: { Component: Receipt, title: (d) => `Kvitto ${d.orderReference}`, pngWidth: 1240 },
  "thank-you-card": { Component: ThankYouCard, title: (d) => `Tack, ${d.firstName}!`, pngWidth: 1200 },
  "memorial-sheet": { Component: MemorialSheet, title: (d) => `Till minne av ${d.deceasedName}`, pngWidth: 840 },
  "post-batch": { Component: PostBatch, title: (d) => `Att posta (${d.entries.length})`, pngWidth: 840 },
  "memorial-collection-sheets": { Component: MemorialCollectionSheets, title: (d) => `Minnesblad till minne av ${d.deceasedName}`, pngWidth: 840 },
  "gift-card": { Component: GiftCard, title: (d) => `Gåvokort till ${d.recipientName}`, pngWidth: 840 },
  "gift-certificate": { Component: GiftCertificate, title: (d) => `Gåvobevis till ${d.recipientName}`, pngWidth: 1240 },
  diploma: { Component: Diploma, title: (d) => `Diplom till ${d.recipientName}`, pngWidth: 1240 },
  "greeting-card": { Component: GreetingCard, title: (d) => `Gratulationskort till ${d.recipientName}`, pngWidth: 1200 },
  "member-card": { Component: MemberCard, title: (d) => `Medlemskort nr ${d.memberNumber}`, pngWidth: 1240 },
  "fundraiser-share": { Component: FundraiserShare, title: (d) => d.title, pngWidth: 1200 },
  "company-statement": { Component: CompanyStatement, title: (d) => `Årsbesked om gåvor ${d.year} – ${d.companyName}`, pngWidth: 1240 },
  "company-certificate": { Component: CompanyCertificate, title: (d) => `Gåvobevis – ${d.companyName}`, pngWidth: 1240 },
  "greeting-card-thumbnail": { Component: GreetingCard, title: (d) => `Gratulationskort ${d.cardCode}`, pngWidth: 360 },
};
