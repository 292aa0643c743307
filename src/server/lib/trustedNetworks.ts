/** Whether a client address lies in one of the TRUSTED_NETWORKS (config.ts), e.g. a school behind one NAT address. */
import { compile } from '@fastify/proxy-addr';

/**
 * The check for a list of networks, compiled once (proxy-addr, as the proxy setting is: CIDR or single addresses,
 * IPv4-mapped IPv6 addresses matched against IPv4 networks). An empty list trusts nobody.
 */
export function trustedNetworkCheck(networks: readonly string[]): (address: string) => boolean {
  if (networks.length === 0) return () => false;
  const inNetwork = compile([...networks]);
  return (address) => inNetwork(address, 0);
}
