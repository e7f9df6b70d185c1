/** The request-only classifications: crawlers, devices, referrers and search words, DNS verification. */
import { describe, expect, it } from 'vitest';
import { startDnsServer } from '../../test/dns-server';
import { BeaconLimit } from './beacon-limit';
import { deviceOf, referrerOf, spiderOf } from './classify';
import { dnsResolver, SpiderVerifier } from './spider-dns';

describe('classify', () => {
  it.each([
    ['Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)', 'baidu'],
    ['Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)', 'sogou'],
    ['Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0); 360Spider', 'so360'],
    [
      'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
      'bytedance',
    ],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'google'],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'bing'],
    ['curl/8.5.0', 'other'],
    ['', 'other'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', null],
  ])('%s is %s', (ua, spider) => expect(spiderOf(ua)).toBe(spider));

  it('tells phones, tablets and computers apart', () => {
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36')).toBe('mobile');
    expect(deviceOf('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe('tablet');
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0')).toBe('desktop');
  });

  it('names the search engine and its keyword, and ignores the site itself', () => {
    expect(referrerOf('https://m.baidu.com/s?word=%E6%99%BA%E6%85%A7%E6%A0%A1%E5%9B%AD', [])).toEqual({
      host: 'm.baidu.com',
      engine: 'baidu',
      keyword: '智慧校园',
    });
    expect(referrerOf('https://www.so.com/s?q=x', []).engine).toBe('so360');
    expect(referrerOf('https://mp.weixin.qq.com/s/abc', [])).toEqual({
      host: 'mp.weixin.qq.com',
      engine: '',
      keyword: '',
    });
    expect(referrerOf('https://www.example.edu.cn/news', ['www.example.edu.cn']).host).toBe('');
    expect(referrerOf('javascript:alert(1)', []).host).toBe('');
    expect(referrerOf('not a url', []).host).toBe('');
  });
});

describe('spider verification', () => {
  it('marks crawlers unverified unless configured', async () => {
    expect(await new SpiderVerifier(false).verify('baidu', '1.2.3.4')).toBe('unverified');
  });

  it('verifies by reverse DNS in the engine domain and forward DNS back to the address', async () => {
    // A real DNS server on 127.0.0.1 answering from a table; the verifier asks it through node:dns.
    const dns = await startDnsServer({
      ptr: {
        '1.2.3.4': ['baiduspider-1-2-3-4.crawl.baidu.com'],
        '5.6.7.8': ['evil.example.com'],
        '9.9.9.9': ['x.crawl.baidu.com'],
        '2001:db8::1': ['crawl-2001-db8--1.googlebot.com'],
        '66.249.66.1': ['crawl-66-249-66-1.googlebot.com'],
        '157.55.39.1': ['msnbot-157-55-39-1.search.msn.com'],
      },
      addresses: {
        'baiduspider-1-2-3-4.crawl.baidu.com': ['1.2.3.4'],
        'x.crawl.baidu.com': ['1.1.1.1'],
        'crawl-2001-db8--1.googlebot.com': ['2001:0db8:0000:0000:0000:0000:0000:0001'],
        'crawl-66-249-66-1.googlebot.com': ['66.249.66.1'],
        'msnbot-157-55-39-1.search.msn.com': ['157.55.39.1'],
      },
    });
    try {
      const verifier = new SpiderVerifier(true, dnsResolver([dns.server]));
      expect(await verifier.verify('baidu', '1.2.3.4')).toBe('yes');
      expect(await verifier.verify('baidu', '::ffff:1.2.3.4')).toBe('yes');
      expect(await verifier.verify('baidu', '5.6.7.8')).toBe('no');
      // A PTR record can be set by whoever owns the address: the forward lookup must agree.
      expect(await verifier.verify('baidu', '9.9.9.9')).toBe('no');
      expect(await verifier.verify('baidu', '10.0.0.1')).toBe('no');
      expect(await verifier.verify('google', '2001:db8::1')).toBe('yes');
      expect(await verifier.verify('google', '66.249.66.1')).toBe('yes');
      expect(await verifier.verify('bing', '157.55.39.1')).toBe('yes');
      // Googlebot's address claiming to be Baiduspider: not Baidu's domain.
      expect(await verifier.verify('baidu', '66.249.66.1')).toBe('no');
      expect(await verifier.verify('other', '1.2.3.4')).toBe('unverified');
      // Cached: asking again sends no question.
      const asked = dns.questions.length;
      expect(await verifier.verify('baidu', '1.2.3.4')).toBe('yes');
      expect(dns.questions.length).toBe(asked);
    } finally {
      await dns.close();
    }
  });
});

describe('beacon limit', () => {
  it('allows the allowance per address per minute, then again in the next minute', () => {
    const limit = new BeaconLimit(3);
    const now = Date.now();
    expect([1, 2, 3, 4].map(() => limit.take('a', now))).toEqual([true, true, true, false]);
    expect(limit.take('b', now)).toBe(true);
    expect(limit.take('a', now + 60_000)).toBe(true);
  });
});
