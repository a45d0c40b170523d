import type { LookupAddress } from 'node:dns';
import dns from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { PageRefused } from './page-refused.ts';

/** IPv6 global unicast (2000::/3): anything outside it is not the public internet. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
/** NAT64's well-known prefix (RFC 6052): the address it reaches is the IPv4 one in its last 32 bits. */
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

function isPublicV4(ip: ipaddr.IPv4): boolean {
  return ip.range() === 'unicast';
}

function isPublicV6(ip: ipaddr.IPv6): boolean {
  if (ip.isIPv4MappedAddress()) return isPublicV4(ip.toIPv4Address());
  if (ip.match(NAT64_WELL_KNOWN)) {
    const bytes = ip.toByteArray().slice(12);
    return isPublicV4(new ipaddr.IPv4(bytes));
  }
  // ipaddr.js calls every address outside its special ranges 'unicast', IPv4-compatible ::a.b.c.d
  // included; only the global unicast block is the public internet.
  return ip.range() === 'unicast' && ip.match(GLOBAL_UNICAST_V6);
}

/**
 * Whether a research run may connect to `address`: only public unicast addresses, so a page (or a
 * redirect, or a DNS answer) can't turn the job against the server's own network: no loopback, private,
 * link-local, unique-local, carrier-grade NAT, multicast, reserved or documentation ranges, IPv4-mapped
 * ones included. The test switch admits the loopback addresses themselves (127.0.0.0/8, ::1) and no
 * other form of them.
 */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.parse(address);
  if (allowLoopback && ip.range() === 'loopback') return true;
  return ip.kind() === 'ipv4' ? isPublicV4(ip as ipaddr.IPv4) : isPublicV6(ip as ipaddr.IPv6);
}

/** Settles as `promise` does, or rejects when `signal` aborts first (a DNS lookup can't be cancelled). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The addresses `hostname` resolves to, every one of them public (a name with one private answer among
 * public ones is refused: the connection could pick it). The request connects only to these.
 */
export async function publicAddresses(
  hostname: string,
  allowLoopback: boolean,
  signal: AbortSignal,
): Promise<LookupAddress[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  let found: LookupAddress[];
  if (ipaddr.isValid(bare)) {
    found = [{ address: bare, family: ipaddr.parse(bare).kind() === 'ipv6' ? 6 : 4 }];
  } else {
    try {
      found = await untilAborted(dns.lookup(bare, { all: true, verbatim: true }), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      throw new PageRefused(`No se encontró la dirección ${bare}.`);
    }
  }
  if (found.length === 0 || !found.every((entry) => isPublicAddress(entry.address, allowLoopback))) {
    throw new PageRefused(`La dirección ${bare} apunta a una red privada o local y no se consulta.`);
  }
  return found;
}
