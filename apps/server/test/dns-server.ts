/**
 * A stand-in DNS server on 127.0.0.1 (UDP, a random port) for the crawler check: it answers PTR, A and
 * AAAA questions from a table in the wire format of RFC 1035, NXDOMAIN for anything else, so the
 * server's real resolver (node:dns, STATS_DNS_SERVERS) is what the tests exercise. It counts questions.
 */
import { createSocket } from 'node:dgram';
import { isIPv4 } from 'node:net';

export interface DnsTable {
  /** Address → host names (PTR). */
  ptr?: Record<string, string[]>;
  /** Host name → addresses (A for IPv4, AAAA for IPv6). */
  addresses?: Record<string, string[]>;
}

const TYPE = { A: 1, PTR: 12, AAAA: 28 } as const;

const reverseName = (address: string) =>
  isIPv4(address)
    ? `${address.split('.').reverse().join('.')}.in-addr.arpa`
    : `${[...expand6(address).replaceAll(':', '')].reverse().join('.')}.ip6.arpa`;

const expand6 = (address: string) => {
  const [head = '', tail = ''] = address.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const middle = address.includes('::') ? Array(8 - h.length - t.length).fill('0') : [];
  return [...h, ...middle, ...t].map((g) => g.padStart(4, '0')).join(':');
};

const encodeName = (name: string) =>
  Buffer.concat([
    ...name
      .split('.')
      .filter(Boolean)
      .map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])),
    Buffer.from([0]),
  ]);

const readName = (msg: Buffer, offset: number) => {
  const labels: string[] = [];
  let at = offset;
  while (msg[at] !== 0 && at < msg.length) {
    const len = msg[at] ?? 0;
    labels.push(msg.subarray(at + 1, at + 1 + len).toString());
    at += len + 1;
  }
  return { name: labels.join('.').toLowerCase(), end: at + 1 };
};

const rdataOf = (type: number, value: string) => {
  if (type === TYPE.PTR) return encodeName(value);
  if (type === TYPE.A) return Buffer.from(value.split('.').map(Number));
  const groups = expand6(value).split(':');
  const out = Buffer.alloc(16);
  groups.forEach((g, i) => {
    out.writeUInt16BE(Number.parseInt(g, 16), i * 2);
  });
  return out;
};

export const startDnsServer = async (table: DnsTable) => {
  const records = new Map<string, { type: number; values: string[] }>();
  for (const [address, names] of Object.entries(table.ptr ?? {}))
    records.set(`${TYPE.PTR} ${reverseName(address)}`, { type: TYPE.PTR, values: names });
  for (const [host, list] of Object.entries(table.addresses ?? {})) {
    const v4 = list.filter((a) => isIPv4(a));
    const v6 = list.filter((a) => !isIPv4(a));
    if (v4.length) records.set(`${TYPE.A} ${host.toLowerCase()}`, { type: TYPE.A, values: v4 });
    if (v6.length) records.set(`${TYPE.AAAA} ${host.toLowerCase()}`, { type: TYPE.AAAA, values: v6 });
  }
  const questions: string[] = [];
  const socket = createSocket('udp4');
  socket.on('message', (msg, peer) => {
    if (msg.length < 12) return;
    const { name, end } = readName(msg, 12);
    const qtype = msg.readUInt16BE(end);
    questions.push(`${qtype} ${name}`);
    const found = records.get(`${qtype} ${name}`);
    const answers = (found?.values ?? []).map((value) => {
      const rdata = rdataOf(qtype, value);
      const fixed = Buffer.alloc(10);
      fixed.writeUInt16BE(qtype, 0);
      fixed.writeUInt16BE(1, 2); // class IN
      fixed.writeUInt32BE(60, 4); // TTL
      fixed.writeUInt16BE(rdata.length, 8);
      return Buffer.concat([Buffer.from([0xc0, 12]), fixed, rdata]);
    });
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2); // id
    header.writeUInt16BE(0x8180 | (found ? 0 : 3), 2); // response, recursion available, NXDOMAIN when unknown
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(Buffer.concat([header, msg.subarray(12, end + 4), ...answers]), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    server: `127.0.0.1:${port}`,
    questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
};
