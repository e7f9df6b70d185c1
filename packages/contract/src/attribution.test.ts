import { describe, expect, it } from 'vitest';
import { classifyAttribution, deviceClassOf, searchEngineOf, sourceLabel, sourceOf } from './attribution';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';

describe('search engines and keywords from the referrer', () => {
  it.each([
    ['https://www.baidu.com/s?wd=%E6%99%BA%E6%85%A7%E6%A0%A1%E5%9B%AD', 'baidu', '智慧校园'],
    [
      'https://m.baidu.com/s?word=%E6%99%BA%E6%85%A7%E6%A0%A1%E5%9B%AD%E5%B9%B3%E5%8F%B0',
      'baidu',
      '智慧校园平台',
    ],
    ['https://www.baidu.com/link?url=abc', 'baidu', ''],
    ['https://www.sogou.com/web?query=%E6%A0%A1%E5%9B%AD', 'sogou', '校园'],
    ['https://wap.sogou.com/web/searchList.jsp?keyword=%E6%A0%A1%E5%9B%AD', 'sogou', '校园'],
    ['https://www.so.com/s?q=%E5%AE%B6%E6%A0%A1', 'so360', '家校'],
    ['https://m.sm.cn/s?q=%E6%99%BA%E6%85%A7', 'shenma', '智慧'],
    ['https://www.bing.com/search?q=smart+campus', 'bing', 'smart campus'],
    ['https://cn.bing.com/search?q=%E6%A0%A1%E5%9B%AD', 'bing', '校园'],
    ['https://www.google.com/', 'google', ''],
    ['https://www.google.com.hk/search?q=campus', 'google', 'campus'],
    ['https://www.google.de/search?q=schule', 'google', 'schule'],
    ['https://so.toutiao.com/search?keyword=%E6%A0%A1%E5%9B%AD', 'toutiao', '校园'],
  ])('%s → %s “%s”', (referrer, engine, keyword) => {
    expect(searchEngineOf(referrer)).toEqual({ engine, keyword });
  });

  it('is not fooled by look-alike hosts or other schemes', () => {
    expect(searchEngineOf('https://notbaidu.com/s?wd=x')).toBeNull();
    expect(searchEngineOf('https://baidu.com.evil.example/s?wd=x')).toBeNull();
    expect(searchEngineOf('javascript:alert(1)')).toBeNull();
    expect(searchEngineOf('not a url')).toBeNull();
  });
});

describe('device class', () => {
  it.each([
    [IPHONE, 'mobile'],
    [ANDROID_PHONE, 'mobile'],
    [IPAD, 'tablet'],
    [ANDROID_TABLET, 'tablet'],
    [DESKTOP, 'desktop'],
    ['Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)', 'bot'],
    ['', 'unknown'],
    [null, 'unknown'],
  ])('%s → %s', (ua, device) => {
    expect(deviceClassOf(ua)).toBe(device);
  });
});

describe('classifyAttribution', () => {
  it('keeps the landing page, its UTM tags, the search engine, keyword and device', () => {
    expect(
      classifyAttribution({
        landingPage: '/news/detail/1?utm_source=baidu&utm_medium=cpc&utm_campaign=spring',
        referrer: 'https://www.baidu.com/s?wd=%E6%99%BA%E6%85%A7%E6%A0%A1%E5%9B%AD',
        userAgent: IPHONE,
        ownHost: 'www.example.edu.cn',
      }),
    ).toEqual({
      landingPage: '/news/detail/1?utm_source=baidu&utm_medium=cpc&utm_campaign=spring',
      referrerHost: 'www.baidu.com',
      searchEngine: 'baidu',
      searchKeyword: '智慧校园',
      utmSource: 'baidu',
      utmMedium: 'cpc',
      utmCampaign: 'spring',
      deviceClass: 'mobile',
    });
  });

  it('drops a referrer from the site itself and the host of a full landing URL', () => {
    const a = classifyAttribution({
      landingPage: 'https://www.example.edu.cn/agent?x=1',
      referrer: 'https://www.example.edu.cn:443/home',
      ownHost: 'www.example.edu.cn:443',
      userAgent: DESKTOP,
    });
    expect(a).toMatchObject({ landingPage: '/agent?x=1', referrerHost: '', searchEngine: '', utmSource: '' });
    expect(sourceOf(a)).toBe('direct');
    expect(sourceLabel(sourceOf(a))).toBe('直接访问');
  });

  it('names the source by UTM first, then search engine, then referring host', () => {
    const fromSite = classifyAttribution({ referrer: 'https://mp.weixin.qq.com/s/abc' });
    expect(sourceOf(fromSite)).toBe('mp.weixin.qq.com');
    const fromSearch = classifyAttribution({ referrer: 'https://www.so.com/s?q=x' });
    expect(sourceLabel(sourceOf(fromSearch))).toBe('360搜索');
    const tagged = classifyAttribution({
      landingPage: '/?utm_source=wechat',
      referrer: 'https://www.so.com/s?q=x',
    });
    expect(sourceOf(tagged)).toBe('wechat');
  });

  it('clips what it stores and survives garbage', () => {
    const a = classifyAttribution({ landingPage: `/x?utm_campaign=${'活'.repeat(300)}`, referrer: '::::' });
    expect([...a.utmCampaign]).toHaveLength(100);
    expect(a.referrerHost).toBe('');
    expect(classifyAttribution({}).landingPage).toBe('');
  });
});
