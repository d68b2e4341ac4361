import { deadlineMessage, importDeadline } from '../../src/domain/import/deadline';

describe('importDeadline', () => {
  test('What is left of the deadline follows the clock, and passes zero at its end', () => {
    let now = 1000;
    const deadline = importDeadline(60000, () => now);
    expect(deadline.remainingMs()).toBe(60000);
    now += 59000;
    expect(deadline.remainingMs()).toBe(1000);
    now += 2000;
    expect(deadline.remainingMs()).toBe(-1000);
  });

  test('The refusal names the URL, the deadline in seconds and how far the crawl got', () => {
    const deadline = importDeadline(2500, () => 0);
    expect(deadlineMessage('https://docs.example.com/', deadline, 3, 50)).toBe(
      'Could not import https://docs.example.com/: the import ran past its deadline of 2.5 s after reading 3 of the 50 pages it found; nothing was imported (start from a smaller part of the site)',
    );
  });
});
