import { describe, expect, it } from 'vitest';
import { inviteMailto } from './portal-invite';

describe('the portal invitation by mail', () => {
  it('opens a mail to the address with the link in its body, every part encoded', () => {
    const link = inviteMailto('ada+booth@example.com', { storeName: 'Main & Co', tradeName: 'Ada Antiques', inviteUrl: 'https://mall.example/accept-invite/abc', expiresOn: 'Dec 4, 2026' });
    const url = new URL(link);
    expect(url.protocol).toBe('mailto:');
    expect(decodeURIComponent(url.pathname)).toBe('ada+booth@example.com');
    expect(url.searchParams.get('subject')).toBe('Your booth at Main & Co: the vendor portal');
    const body = url.searchParams.get('body') ?? '';
    expect(body).toContain('https://mall.example/accept-invite/abc');
    expect(body).toContain('until Dec 4, 2026');
  });
});
