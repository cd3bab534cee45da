import { describe, expect, it } from 'vitest';
import { nonPublicRange } from './address-range.js';

/** Each form as `new URL()` leaves it in `hostname` (IPv6 in brackets) or as a resolver answers it. */
const hostOf = (url: string) => new URL(url).hostname;

describe('nonPublicRange', () => {
  it('judges every spelling of loopback as loopback', () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://2130706433/',
      'http://017700000001/',
      'http://0x7f.1/',
      'http://127.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://[0:0:0:0:0:ffff:7f00:1]/',
      'http://[::ffff:0:7f00:1]/',
      'http://[64:ff9b::7f00:1]/',
      'http://[64:ff9b::127.0.0.1]/',
    ]) {
      expect(nonPublicRange(hostOf(url)), url).toMatch(/loopback/);
    }
  });

  it('refuses private, link-local, unique-local, unspecified, metadata, tunnels and reserved ranges', () => {
    for (const address of [
      '0.0.0.0',
      '10.0.0.1',
      '100.64.0.1',
      '169.254.169.254',
      '172.16.5.4',
      '192.168.0.10',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::7f00:1',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd12:3456::1',
      'fec0::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::a00:1',
      '2002:7f00:1::1',
      '2002:0808:0808::1',
      '2001:0:4136:e378::1',
      '2001:db8::1',
      '100::1',
      'not-an-address',
    ]) {
      expect(nonPublicRange(address), address).not.toBeNull();
    }
  });

  it('lets public addresses through, also when mapped or behind NAT64', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
    ]) {
      expect(nonPublicRange(address), address).toBeNull();
    }
  });
});
