import { createHmac } from 'node:crypto';
import { isSignedBy, pushOf, repositoryKey } from '../../src/domain/git-sync/push-webhook';

/** A git host's push webhook (docs/adr/0107): who may send one, and which repository and commit it names. */
describe('a push webhook', () => {
  const body = Buffer.from('{"ref":"refs/heads/main"}');
  const signed = (secret: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

  test("When GitHub's signature is over these bytes with the secret, Then it is accepted; any other is not", () => {
    expect(isSignedBy('github', 's3cret', { 'x-hub-signature-256': signed('s3cret') }, body)).toBe(true);
    expect(isSignedBy('github', 's3cret', { 'x-hub-signature-256': signed('other') }, body)).toBe(false);
    expect(isSignedBy('github', 's3cret', { 'x-hub-signature-256': signed('s3cret') }, Buffer.from('{"ref":"refs/heads/evil"}'))).toBe(false);
    expect(isSignedBy('github', 's3cret', {}, body)).toBe(false);
    expect(isSignedBy('github', '', { 'x-hub-signature-256': signed('') }, body)).toBe(false);
    expect(isSignedBy('gitlab', 's3cret', { 'x-gitlab-token': 's3cret' }, body)).toBe(true);
    expect(isSignedBy('gitlab', 's3cret', { 'x-gitlab-token': 's3cre' }, body)).toBe(false);
  });

  test('When a push names its repository, Then it is matched by host and path whatever the URL form', () => {
    expect(repositoryKey('https://GitHub.com/Acme/Docs.git/')).toBe('github.com/acme/docs');
    expect(repositoryKey('https://token@github.com/acme/docs')).toBe('github.com/acme/docs');
    expect(repositoryKey('not a url')).toBeUndefined();
    expect(pushOf('github', 'push', { ref: 'refs/heads/main', after: 'abc', repository: { clone_url: 'https://github.com/acme/docs.git', html_url: 'https://github.com/acme/docs' } })).toEqual({
      repositories: ['github.com/acme/docs'],
      ref: 'refs/heads/main',
      after: 'abc',
    });
    expect(pushOf('gitlab', 'Push Hook', { ref: 'refs/heads/main', after: 'def', project: { git_http_url: 'https://gitlab.example.com/g/docs.git' } })?.repositories).toEqual(['gitlab.example.com/g/docs']);
  });

  test('When the event is not a push, or deletes the branch, or names no repository, Then nothing is to be done', () => {
    const payload = { ref: 'refs/heads/main', after: 'abc', repository: { clone_url: 'https://github.com/acme/docs.git' } };
    expect(pushOf('github', 'ping', payload)).toBeUndefined();
    expect(pushOf('github', 'push', { ...payload, after: '0000000000000000000000000000000000000000' })).toBeUndefined();
    expect(pushOf('github', 'push', { ...payload, repository: {} })).toBeUndefined();
    expect(pushOf('github', 'push', 'text')).toBeUndefined();
    expect(pushOf('gitlab', 'push', payload)).toBeUndefined();
  });
});
