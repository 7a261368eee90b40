/** One e-mail, already rendered. */
export interface Mail {
  to: string;
  /** `"Name" <address>`; the transport's default when absent. */
  from?: string;
  /** Where answers go when that is not `from`: a form's sender, so support can answer them. */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** Sends e-mail. Modules get one of these and never know which transport is behind it. */
export interface Mailer {
  /** 'smtp' sends for real; 'outbox' stores the mail for the dev-only outbox listing. */
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}
