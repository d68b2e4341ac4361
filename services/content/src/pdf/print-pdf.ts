import { chromium, type Browser } from 'playwright-core';

export interface PrintOptions {
  /** The Chromium executable (CONTENT_PDF_CHROMIUM). */
  executablePath: string;
  timeoutMs: number;
}

/** Printing failed: Chromium is missing, did not start, or took longer than the time allowed. */
export class PrintError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrintError';
  }
}

/**
 * Prints an HTML document to PDF with headless Chromium (docs/adr/0044), as a browser would print the page:
 * JavaScript off, every network request refused (the document carries its images as `data:` URLs), one
 * browser per print, closed whatever happens, the whole within `timeoutMs`.
 */
export async function printPdf(html: string, options: PrintOptions): Promise<Buffer> {
  const held: { browser?: Browser } = {};
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PrintError(`printing the PDF took longer than ${options.timeoutMs} ms`)), options.timeoutMs);
  });
  const print = async () => {
    const browser = await chromium.launch({
      executablePath: options.executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    held.browser = browser;
    const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
    const page = await context.newPage();
    await page.route('**/*', (route) => (route.request().url().startsWith('data:') ? route.continue() : route.abort()));
    await page.setContent(html, { waitUntil: 'load' });
    return Buffer.from(await page.pdf({ format: 'A4', printBackground: true, outline: true, tagged: true }));
  };
  try {
    return await Promise.race([print(), deadline]);
  } catch (err) {
    if (err instanceof PrintError) throw err;
    throw new PrintError(`Chromium (${options.executablePath}) could not print the PDF: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  } finally {
    clearTimeout(timer);
    await held.browser?.close().catch(() => undefined);
  }
}
