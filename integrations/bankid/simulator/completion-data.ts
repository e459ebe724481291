import { createHash } from "node:crypto";
import type { CompletionData } from "#core/donors/bankid-relying-party";
import type { SimulatedOrder } from "./simulated-order";
import type { BankIdTestPerson } from "./test-persons";
import { fullName } from "./test-persons";

/**
 * completionData shaped like BankID's. The signature and OCSP response are
 * base64 like the real ones but say plainly that they are simulated, so that
 * nobody mistakes a stored test signature for evidence. They deliberately do
 * not contain the personnummer: it is already in `user`.
 */
export function simulatedCompletionData(order: SimulatedOrder, person: BankIdTestPerson, now: Date): CompletionData {
  const signedAt = now.toISOString();
  const signatureXml = [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#">',
    "  <!-- SIMULATED: made by the local BankID simulator, not by BankID. Not a valid signature. -->",
    `  <SignedInfo><Reference URI="#bidSignedData"><DigestValue>${sha256Base64(order.orderRef + signedAt)}</DigestValue></Reference></SignedInfo>`,
    `  <SignatureValue>SIMULATED-${sha256Base64(order.qrStartSecret + signedAt)}</SignatureValue>`,
    `  <Object><bankIdSignedData Id="bidSignedData"><srvInfo><nonce>${sha256Base64(order.orderRef)}</nonce></srvInfo>`,
    `    <clientInfo><funcId>${order.kind === "sign" ? "Signing" : "Identification"}</funcId><host><ipAddress>${order.endUserIp}</ipAddress></host></clientInfo>`,
    order.userVisibleText === undefined ? "" : `    <usrVisibleData>${Buffer.from(order.userVisibleText, "utf8").toString("base64")}</usrVisibleData>`,
    `  </bankIdSignedData></Object>`,
    "</Signature>",
  ]
    .filter(Boolean)
    .join("\n");
  const ocsp = `SIMULATED OCSP RESPONSE from the local BankID simulator. certStatus=good producedAt=${signedAt} order=${order.orderRef}`;

  const data: CompletionData = {
    user: {
      personalNumber: person.personalNumber,
      name: fullName(person),
      givenName: person.givenName,
      surname: person.surname,
    },
    device: { ipAddress: order.endUserIp, uhi: simulatedUhi(person.personalNumber) },
    bankIdIssueDate: person.bankIdIssueDate,
    signature: Buffer.from(signatureXml, "utf8").toString("base64"),
    ocspResponse: Buffer.from(ocsp, "utf8").toString("base64"),
  };
  if (order.returnRisk) data.risk = "low";
  return data;
}

/** A stable "unique hardware id" per test person, so repeat logins look like the same phone. */
function simulatedUhi(personalNumber: string): string {
  return createHash("sha256").update(`simulated-device:${personalNumber}`).digest("base64url").slice(0, 30);
}

function sha256Base64(text: string): string {
  return createHash("sha256").update(text).digest("base64");
}
