/**
 * The demo home page: two banners over the demo covers (abstract pictures, no text) and a few friendly
 * links, written once when the home layout record is first created. A vendor replaces them in the console.
 */
import { DEFAULT_HOME_LAYOUT, type HomeLayoutValues } from '@yuexun/contract';
import { coverUuids } from '../covers';

export const demoHomeLayout: HomeLayoutValues = {
  ...DEFAULT_HOME_LAYOUT,
  friendlyLinks: [
    { name: '中华人民共和国教育部', url: 'http://www.moe.gov.cn/', enabled: true },
    { name: '国家智慧教育公共服务平台', url: 'https://www.smartedu.cn/', enabled: true },
    { name: '浙江省教育厅', url: 'http://jyt.zj.gov.cn/', enabled: true },
  ],
};

export const demoBanners = () => {
  const covers = coverUuids();
  const picture = (i: number) => covers[i % covers.length] ?? '';
  return [
    {
      title: '区域教育云 一张网管好全区学校',
      subtitle: '统一身份、统一数据、统一应用，教育局与每一所学校在同一平台协同',
      buttonText: '了解方案',
      link: '/solution/areaCloud',
      desktopFileUuid: picture(0),
      mobileFileUuid: picture(2),
      sortOrder: 10,
      enabled: true,
      startAt: null,
      endAt: null,
    },
    {
      title: '春季学期智慧课堂体验季',
      subtitle: '预约上门演示，免费试用智慧课堂与家校互通 30 天',
      buttonText: '预约演示',
      link: '/home#lead',
      desktopFileUuid: picture(5),
      mobileFileUuid: picture(7),
      sortOrder: 20,
      enabled: true,
      startAt: null,
      endAt: null,
    },
  ];
};
