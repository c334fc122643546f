import { describe, expect, it } from 'vitest';
import { isInternalName, isPublicAddress } from '../../core/network-addresses.js';
import { checkTargetUrl, type TargetRefusal } from './webhook-target.js';

const strict = { allowPrivate: false };
const lenient = { allowPrivate: true };

// [url, expected refusal] — every one of these must be refused in production mode.
const refusedUrls: Array<[string, TargetRefusal]> = [
  ['http://example.com', 'not_https'],
  ['ftp://example.com/hook', 'not_https'],
  ['file:///etc/passwd', 'not_https'],
  ['javascript:alert(1)', 'not_https'],
  ['not a url', 'invalid_url'],
  ['https://', 'invalid_url'],
  ['https://999.1.1.1/', 'invalid_url'],
  ['https://user:pw@example.com', 'credentials_in_url'],
  ['https://user@example.com/hook', 'credentials_in_url'],
  ['https://:pw@example.com/hook', 'credentials_in_url'],
  ['https://127.0.0.1', 'non_public_address'],
  ['https://127.1.2.3:8443/hook', 'non_public_address'],
  ['https://[::1]', 'non_public_address'],
  ['https://10.1.2.3', 'non_public_address'],
  ['https://172.16.0.1', 'non_public_address'],
  ['https://172.31.0.1', 'non_public_address'],
  ['https://192.168.1.1', 'non_public_address'],
  ['https://100.64.0.1', 'non_public_address'],
  ['https://169.254.169.254/latest/meta-data/', 'non_public_address'],
  ['https://[fe80::1]', 'non_public_address'],
  ['https://[fd00::1]', 'non_public_address'],
  ['https://[fc00::1]', 'non_public_address'],
  ['https://[::ffff:127.0.0.1]', 'non_public_address'],
  ['https://[::ffff:7f00:1]', 'non_public_address'],
  ['https://[::ffff:a9fe:a9fe]', 'non_public_address'],
  ['https://[::127.0.0.1]', 'non_public_address'],
  ['https://[::]', 'non_public_address'],
  ['https://0.0.0.0', 'non_public_address'],
  ['https://0.1.2.3', 'non_public_address'],
  ['https://255.255.255.255', 'non_public_address'],
  ['https://224.0.0.1', 'non_public_address'],
  ['https://[ff02::1]', 'non_public_address'],
  ['https://[64:ff9b::a00:1]', 'non_public_address'],
  ['https://[64:ff9b:1::808:808]', 'non_public_address'],
  ['https://[2002:c0a8:0101::]', 'non_public_address'],
  ['https://[2001:db8::1]', 'non_public_address'],
  ['https://[2001::1]', 'non_public_address'],
  ['https://[100::1]', 'non_public_address'],
  ['https://192.0.2.10', 'non_public_address'],
  ['https://198.18.0.1', 'non_public_address'],
  ['https://203.0.113.5', 'non_public_address'],
  // WHATWG URL canonicalises these inet_aton spellings to 127.0.0.1 / 10.0.0.1 before we see them.
  ['https://2130706433/', 'non_public_address'],
  ['https://0x7f.1/', 'non_public_address'],
  ['https://0177.0.0.1/', 'non_public_address'],
  ['https://0x0a000001/', 'non_public_address'],
  ['https://localhost', 'internal_name'],
  ['https://LOCALHOST./hook', 'internal_name'],
  ['https://api.localhost', 'internal_name'],
  ['https://intranet', 'internal_name'],
  ['https://printer.local', 'internal_name'],
  ['https://svc.internal', 'internal_name'],
  ['https://nas.home.arpa', 'internal_name'],
  ['https://db.corp:5432', 'internal_name'],
  ['https://hidden.onion', 'internal_name'],
  ['https://www.example', 'internal_name'],
];

// [url, host, port, literalAddress]
const acceptedUrls: Array<[string, string, number, string | undefined]> = [
  ['https://example.com/hook', 'example.com', 443, undefined],
  ['https://hooks.example.com:8443/x?y=1', 'hooks.example.com', 8443, undefined],
  ['https://EXAMPLE.com./hook', 'example.com.', 443, undefined],
  ['https://8.8.8.8', '8.8.8.8', 443, '8.8.8.8'],
  ['https://[2606:4700:4700::1111]', '2606:4700:4700::1111', 443, '2606:4700:4700::1111'],
  ['https://[::ffff:8.8.8.8]/hook', '::ffff:808:808', 443, '::ffff:808:808'],
  ['https://[64:ff9b::808:808]', '64:ff9b::808:808', 443, '64:ff9b::808:808'],
  ['https://[2002:808:808::1]', '2002:808:808::1', 443, '2002:808:808::1'],
  ['https://134744072/', '8.8.8.8', 443, '8.8.8.8'],
];

describe('checkTargetUrl', () => {
  it.each(refusedUrls)('refuses %s as %s', (url, reason) => {
    const result = checkTargetUrl(url, strict);
    expect(result).toMatchObject({ ok: false, reason });
    if (!result.ok) expect(result.detail).not.toBe('');
  });

  it.each(acceptedUrls)('accepts %s', (url, host, port, literalAddress) => {
    expect(checkTargetUrl(url, strict)).toEqual({ ok: true, host, port, ...(literalAddress ? { literalAddress } : {}) });
  });

  describe('with allowPrivate', () => {
    it.each<[string, string, number]>([
      ['http://127.0.0.1:8080/hook', '127.0.0.1', 8080],
      ['http://localhost/hook', 'localhost', 80],
      ['https://[::1]/hook', '::1', 443],
      ['http://intranet:3000', 'intranet', 3000],
      ['https://10.0.0.5', '10.0.0.5', 443],
    ])('accepts %s', (url, host, port) => {
      expect(checkTargetUrl(url, lenient)).toMatchObject({ ok: true, host, port });
    });

    it.each<[string, TargetRefusal]>([
      ['ftp://127.0.0.1/', 'not_https'],
      ['http://admin:secret@127.0.0.1:8080/', 'credentials_in_url'],
      ['nope', 'invalid_url'],
    ])('still refuses %s as %s', (url, reason) => {
      expect(checkTargetUrl(url, lenient)).toMatchObject({ ok: false, reason });
    });
  });
});

describe('isPublicAddress', () => {
  it.each([
    '8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '192.169.0.1',
    '2606:4700:4700::1111', '2a00:1450::1', '::ffff:1.1.1.1', '64:ff9b::101:101', '2002:101:101::',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    '0.0.0.0', '127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.0.1', '100.64.0.1', '100.127.255.255',
    '169.254.169.254', '192.0.0.8', '192.0.2.1', '198.19.255.255', '198.51.100.1', '203.0.113.1',
    '224.0.0.251', '239.255.255.250', '240.0.0.1', '255.255.255.255',
    '::', '::1', 'fe80::1', 'febf::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', 'fec0::1',
    '::ffff:10.0.0.1', '::ffff:7f00:1', '::7f00:1', '::8.8.8.8', '::ffff:0:808:808',
    '64:ff9b::7f00:1', '64:ff9b:1::808:808', '2002:7f00:1::', '2002:a9fe:a9fe::1',
    '2001::1', '2001:0:4136:e378::1', '2001:2::1', '2001:db8::1', '100::1', '3fff::1', '5f00::1', '4000::1',
    'fe80::1%eth0', '2606:4700:4700::1111%eth0',
    // inet_aton spellings are ambiguous (octal vs decimal), so they are never judged public.
    '010.8.8.8', '0x08.8.8.8', '134744072',
    '', 'localhost', '[::1]', '999.0.0.1', '1.2.3', 'not an ip',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('isInternalName', () => {
  it.each([
    'localhost', 'LocalHost', 'localhost.', 'api.localhost', 'intranet', 'intranet.',
    'printer.local', 'svc.internal', 'wiki.intranet', 'router.lan', 'nas.home', 'mail.corp',
    'nas.home.arpa', 'box.localdomain', 'a.test', 'x.invalid', 'www.example', 'abc.onion', 'SVC.INTERNAL.',
  ])('%s is internal', (host) => {
    expect(isInternalName(host)).toBe(true);
  });

  it.each(['example.com', 'hooks.example.org', 'example.com.', 'local.example.com', 'testing.io', 'my-home.net', 'lan.party.dev'])(
    '%s is not internal',
    (host) => {
      expect(isInternalName(host)).toBe(false);
    },
  );
});
