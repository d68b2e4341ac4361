import { emojiCharacters } from '../../src/emoji';

describe('emoji as GitBook stores them', () => {
  test('When an emoji is hex codepoints, Then it is shown as its characters; a character stays itself', () => {
    expect(emojiCharacters('1f389')).toBe('🎉');
    expect(emojiCharacters('1f1eb-1f1f7')).toBe('🇫🇷');
    expect(emojiCharacters('🚀')).toBe('🚀');
  });

  test('When the codepoints are not characters (beyond unicode, surrogates), Then the value is left as it is', () => {
    expect(emojiCharacters('110000')).toBe('110000');
    expect(emojiCharacters('d800')).toBe('d800');
  });
});
