/** One text message, already rendered. `to` is the number as the member entered it, cleaned. */
export interface Sms {
  to: string;
  text: string;
}

/** Sends text messages. Modules get one of these and never know which transport is behind it. */
export interface SmsSender {
  /** 'outbox' stores the message for the dev outbox listing instead of sending it. */
  readonly kind: 'outbox';
  send(sms: Sms): Promise<void>;
}
