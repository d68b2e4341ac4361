import type { Browser } from 'playwright-core';

export interface PrintOptions {
  /** The Chromium executable (CONTENT_PDF_CHROMIUM). */
  executablePath: string;
  timeoutMs: number;
}

/**
 * Printing failed: Chromium is missing, did not start, failed, or took longer than the time allowed. Its
 * message is for the one who downloads and names no file of the server (docs/adr/0060); `detail`, for the
 * log, says what Chromium answered.
 */
export class PrintError extends Error {
  constructor(
    message: string,
    public readonly detail: string = message,
  ) {
    super(message);
    this.name = 'PrintError';
  }
}

const firstLine = (err: unknown) => (err instanceof Error ? err.message.split('\n')[0] : String(err));

/**
 * Prints an HTML document to PDF with headless Chromium (docs/adr/0044), as a browser would print the page:
 * JavaScript off, every network request refused (the document carries its images as `data:` URLs), one
 * browser per print, closed whatever happens (also when it comes up after the deadline), the whole within
 * `timeoutMs`.
 */
export async function printPdf(html: string, options: PrintOptions): Promise<Buffer> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PrintError(`printing the PDF took longer than ${options.timeoutMs} ms`)), options.timeoutMs);
  });
  // playwright-core loads with the first print, not with every content process.
  const launching = import('playwright-core').then(({ chromium }) =>
    chromium.launch({
      executablePath: options.executablePath,
      timeout: options.timeoutMs,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    }),
  );
  const print = async () => {
    const browser = await launching.catch((err: unknown) => {
      throw new PrintError('the browser that prints PDFs could not be started', `Chromium (${options.executablePath}) did not start: ${firstLine(err)}`);
    });
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
    throw new PrintError('the browser failed while printing the PDF', `Chromium (${options.executablePath}) could not print the PDF: ${firstLine(err)}`);
  } finally {
    clearTimeout(timer);
    // A browser still starting at the deadline is closed once it is up (launch's own timeout bounds the wait).
    await launching.then((browser: Browser) => browser.close()).catch(() => undefined);
  }
}
