import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SCHEMA = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../core/tax/skatteverket-schema/kontrolluppgifter_8.0/instans/Kontrolluppgifter_8.0.xsd",
);

/** xmllint's verdict on a KU file against Skatteverket's Kontrolluppgifter schema: "" when valid, its complaints otherwise. */
export function kontrolluppgifterSchemaErrors(xml: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ku65-"));
  const file = path.join(dir, "ku65.xml");
  fs.writeFileSync(file, xml);
  try {
    execFileSync("xmllint", ["--noout", "--schema", SCHEMA, file], { stdio: "pipe" });
    return "";
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
