import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address.ts';

/** Which addresses a research run may connect to (ADR 0016: never the server's own networks). */
describe('public addresses', () => {
  it('admits public IPv4 and IPv6, and NAT64 or IPv4-mapped forms of a public IPv4', () => {
    for (const address of ['8.8.8.8', '2a00:1450:4003:80e::200e', '::ffff:8.8.8.8', '64:ff9b::808:808']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses private, loopback, link-local, shared, multicast and reserved ranges in any form', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      'ff02::1',
      '2001:db8::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::7f00:1',
      '64:ff9b::a00:1',
      'ejemplo.es',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('with the test switch admits only 127.0.0.0/8 and ::1 themselves', () => {
    for (const address of ['127.0.0.1', '127.0.0.2', '::1']) {
      expect(isPublicAddress(address, true), address).toBe(true);
    }
    for (const address of ['::ffff:127.0.0.1', '10.0.0.1', '169.254.169.254', 'fd00::1', '0.0.0.0']) {
      expect(isPublicAddress(address, true), address).toBe(false);
    }
  });
});
