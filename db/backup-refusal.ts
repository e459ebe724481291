/** A backup or restore that stops before changing anything, with a message for the operator (never a stack trace). */
export class BackupRefusal extends Error {
  override name = "BackupRefusal";
}
