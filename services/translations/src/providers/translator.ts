/** What a translation provider does (docs/adr/0045): texts in one language to another, in order, tags kept. */
export interface TranslateRequest {
  texts: string[];
  source: string;
  target: string;
  /** The translation's instructions, as plain text, for a provider that takes them (DeepL's `context`). */
  context?: string;
}

export interface Provider {
  name: string;
  /** Texts and characters one request may carry. */
  limits: { texts: number; chars: number };
  translate(request: TranslateRequest, timeoutMs: number): Promise<string[]>;
}

/** A provider failure: `retryable` for a 429, a 5xx, a timeout or a network error; anything else is final. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
