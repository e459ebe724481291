/** The job that e-mails an invoice; its own module so the provider and the sender share the name without a cycle. */
export const INVOICE_JOB = "send-invoice";
